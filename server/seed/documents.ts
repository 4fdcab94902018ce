import { randomUUID } from 'node:crypto';
import { translate } from '../../i18n/index.ts';
import { DEFAULT_LANG } from '../../i18n/languages.ts';
import { DOC_STATUS } from '../../schemas/document.ts';
import type { Db } from '../db/driver.ts';
import { indexDocument, recordVersion } from '../rules/document.ts';
import { API_GROUPS } from './api-groups.ts';

/**
 * The platform's own documentation, written once on a new database in the default language (the
 * docs are data: operators edit, unpublish or delete them, and a later start never writes them
 * again). What they say is how this platform works (docs/apps.md, docs/events.md).
 */
const GETTING_STARTED = `开放平台通过一套开放接口提供通讯录、组织与事件能力。本文介绍从注册到第一次调用接口的全过程。

## 1. 注册并创建业务单元

在 [登录页](/login) 注册账号并验证邮箱，然后在 **账号与企业 → 企业信息** 中创建业务单元（BU）。应用、成员和订单都属于业务单元。

## 2. 创建应用

打开 [业务管理 → 应用](/business/app) 创建应用。创建后页面会显示 **App ID** 和 **App Secret**：Secret 只显示这一次，请立即复制并妥善保存。遗失后可以重置，旧 Secret 及其获取的令牌会立即失效。

## 3. 申请权限范围

在应用的 **权限管理** 页勾选需要的权限范围并提交申请，运营人员审核通过后，对应的接口和事件即对应用开放。各权限范围开放的接口见 [开放能力](/open-capability)。

## 4. 获取应用访问令牌

\`\`\`http
POST /open/api/auth/app-access-token
Content-Type: application/json

{ "app_id": "cli_…", "app_secret": "…" }
\`\`\`

返回的 \`app_access_token\` 在有效期内可重复使用，有效期在应用信息中设置（默认 7200 秒）。

## 5. 调用开放接口

\`\`\`http
POST /open/api/v1/member/page
Authorization: Bearer <app_access_token>
Content-Type: application/json

{ "page": 1, "page_size": 20 }
\`\`\`

返回格式为 \`{ code, data, message }\`，\`code\` 为 200 表示成功。也可以在 [调试台](/developer/console) 中直接调用并查看返回。

## 6. 订阅事件

在应用的 **事件订阅** 页填写请求地址，平台会先发送 challenge 校验（需在 1 秒内原样返回），然后按订阅推送事件，详见 [事件订阅](/developer/doc?category=server&docCode=events)。
`;

const EVENTS = `平台在业务数据变化时向应用的请求地址推送事件，格式与飞书开放平台兼容。

## 校验请求地址

保存请求地址时，平台发送 \`{"type": "url_verification", "challenge": "…", "token": "…"}\`，你的服务需在 **1 秒内** 原样返回 \`{"challenge": "…"}\`。

## 签名与加密

- 每次推送带有 \`X-Open-Signature: t=<时间戳>,v1=<签名>\`，签名为用签名密钥对 \`t + "." + 请求体\` 计算的 HMAC-SHA256。
- 设置了 Encrypt Key 时，事件体为 \`{"encrypt": "…"}\`（AES-256-CBC），并带有 \`X-Lark-Request-Timestamp\`、\`X-Lark-Request-Nonce\` 和 \`X-Lark-Signature\` 请求头，可直接使用飞书官方 SDK 校验和解密。

## 重试

返回 HTTP 2xx 即视为送达；否则平台按 15 秒至 12 小时的间隔重试，共 10 次。在应用的事件日志中可以查看每次推送并重新推送。

## 事件列表

各权限范围的事件及其数据结构见 [开放能力](/open-capability)。
`;

const scopeDoc = (code: string) => {
  const name = translate(DEFAULT_LANG, `resources.api-group.seeded.${code}.name`);
  const description = translate(DEFAULT_LANG, `resources.api-group.seeded.${code}.description`);
  return {
    title: name,
    code,
    category: 'open_ability',
    summary: description,
    body: `${description}。应用在权限管理页申请 \`${code}\`，审核通过后即可调用以下接口、订阅以下事件。\n\n## 接口\n\n\`\`\`api-table\n${code}\n\`\`\`\n\n## 事件\n\n\`\`\`event-table\n${code}\n\`\`\`\n`,
  };
};

export const SEEDED_DOCUMENTS = [
  { title: '快速开始', code: 'getting-started', category: 'developer_guide', summary: '从注册到第一次调用开放接口', body: GETTING_STARTED },
  { title: '事件订阅', code: 'events', category: 'server', summary: '校验请求地址、签名与加密、重试', body: EVENTS },
  ...API_GROUPS.map(scopeDoc),
];

/** Writes the platform's documentation on a database that has never had it (published, version 1). */
export const seedDocuments = async (db: Db) => {
  const { rows } = await db.query("select 1 from server_secret where name = 'seed:documents'");
  if (rows.length) return;
  await db.transaction(async (tx) => {
    for (const [i, d] of SEEDED_DOCUMENTS.entries()) {
      const doc = { guid: randomUUID(), ...d, parent_guid: null, sort: i, version: 1 };
      const added = await tx.query(
        `insert into document (guid, title, code, category, summary, body, parent_guid, sort, status, version) values ($1, $2, $3, $4, $5, $6, null, $7, $8, 1)
         on conflict do nothing returning guid`,
        [doc.guid, doc.title, doc.code, doc.category, doc.summary, doc.body, doc.sort, DOC_STATUS.published],
      );
      if (!added.rows.length) continue;
      await recordVersion(tx, doc, 'create', null);
      await indexDocument(tx, doc);
    }
    await tx.query("insert into server_secret (name, value) values ('seed:documents', 'done')");
  });
};
