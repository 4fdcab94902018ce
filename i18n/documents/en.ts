/**
 * The platform's own documents in English (server/seed/documents.ts): written once on a new
 * database beside the zh and hk texts; operators edit them like any document. `scope` is the
 * template of each scope's page (`%{code}`, `%{description}`); its title and summary are the scope's
 * seeded name and description (i18n/resources).
 */
export default {
  'getting-started': {
    title: 'Getting started',
    summary: 'From signing up to your first open-API call',
    body: `The open platform offers directory, organisation and event capabilities through one open API. This page walks you from signing up to your first call.

## 1. Sign up and create a business unit

Sign up on the [login page](/login) and verify your e-mail, then create a business unit (BU) under **Account and enterprise → Enterprise info**. Apps, members and orders all belong to a business unit.

## 2. Create an app

Open [Business → Apps](/business/app) and create an app. The page then shows its **App ID** and **App Secret**: the secret is shown this once, so copy it and keep it safe. If you lose it you can reset it; the old secret and the tokens it obtained stop working at once.

## 3. Apply for scopes

On the app's **Permissions** page, tick the scopes you need and apply. Once an operator approves, the matching APIs and events are open to the app. [Open capabilities](/open-capability) lists what each scope opens.

## 4. Get an app access token

\`\`\`http
POST /open/api/auth/app-access-token
Content-Type: application/json

{ "app_id": "cli_…", "app_secret": "…" }
\`\`\`

The \`app_access_token\` may be used again and again until it expires; the app's information sets how long it lasts (7200 seconds by default).

## 5. Call the open API

\`\`\`http
POST /open/api/v1/member/page
Authorization: Bearer <app_access_token>
Content-Type: application/json

{ "page": 1, "page_size": 20 }
\`\`\`

Every answer is \`{ code, data, message }\`; \`code\` 200 means success. The [debug console](/developer/console) makes the same calls and shows their answers.

## 6. Subscribe to events

Enter a request URL on the app's **Event subscriptions** page. The platform first sends a challenge (answer it unchanged within 1 second), then pushes the events you subscribed to; see [Event subscriptions](/developer/doc?category=server&docCode=events).
`,
  },
  events: {
    title: 'Event subscriptions',
    summary: 'Verifying the request URL, signatures and encryption, retries',
    body: `When business data changes, the platform pushes an event to the app's request URL, in a format compatible with the Lark open platform.

## Verifying the request URL

When you save a request URL the platform sends \`{"type": "url_verification", "challenge": "…", "token": "…"}\`; your service must answer \`{"challenge": "…"}\`, unchanged, **within 1 second**.

## Signatures and encryption

- Every push carries \`X-Open-Signature: t=<timestamp>,v1=<signature>\`, the HMAC-SHA256 of \`t + "." + body\` with the signing secret.
- With an Encrypt Key set, the event body is \`{"encrypt": "…"}\` (AES-256-CBC) with the \`X-Lark-Request-Timestamp\`, \`X-Lark-Request-Nonce\` and \`X-Lark-Signature\` headers, so Lark's official SDK verifies and decrypts it as it is.

## Retries

An HTTP 2xx answer means delivered; otherwise the platform tries again 10 times, at intervals from 15 seconds to 12 hours. The app's event log shows every push and can push one again.

## Event list

[Open capabilities](/open-capability) lists each scope's events and their payloads.
`,
  },
  scope: {
    body: `%{description}. An app applies for \`%{code}\` on its App permissions page; once approved, it may call the APIs and subscribe to the events below.

## APIs

\`\`\`api-table
%{code}
\`\`\`

## Events

\`\`\`event-table
%{code}
\`\`\`
`,
  },
  service: {
    title: 'Service agreement',
    summary: 'The terms on which the platform is offered to its users',
    body: `This agreement sets the terms on which the open platform (the "platform") is offered to you. By signing up, or by using the platform, you accept it. If you act for an enterprise, you confirm that you may bind it.

## 1. What the platform offers

The platform offers a public site (the app store, open capabilities and developer documents), a console for enterprises and developers, and an open API through which apps read and change a business unit's data with that business unit's permission.

## 2. Accounts and business units

- Give true and complete information when you sign up and keep it current.
- Keep your password and verification codes to yourself; what is done with your account is your responsibility. Tell us at once if you suspect it is misused.
- A business unit's owner decides who its members are, which roles they hold and which apps reach its data.

## 3. Using the platform

You will not:

- break the law, or infringe anyone's rights, through the platform;
- try to reach data or functions you have not been granted, or test the platform's security without our written consent;
- overload the platform, or get around its limits (such as the rate limit of the open API);
- resell or lend access to the platform except as these terms allow.

## 4. Apps and the open API

Developers keep their apps' credentials (App ID, App Secret, access tokens) safe and use the data an app receives only for the purpose its business unit authorised. The [data interface agreement](/terms/data-interface), the [data event agreement](/terms/data-event) and the [API authorisation agreement](/terms/api-auth) form part of this agreement.

## 5. Orders and fees

Apps bought in the app store are billed as their page states. An order becomes binding when it is placed; unpaid orders expire. Prices are shown in the platform's currency.

## 6. Your content

You keep your rights in the data and content you put on the platform. You allow us to store, process and show it only as needed to run the platform for you. We handle personal information as the [privacy policy](/terms/privacy) describes.

## 7. Suspension and ending

We may suspend an account, an app or a business unit that breaks this agreement or endangers the platform or others, and tell you why. You may stop using the platform at any time.

## 8. Liability

The platform is provided with reasonable care. Except where the law does not allow it, we are not liable for indirect losses, or for losses caused by events beyond our reasonable control.

## 9. Changes

We may change this agreement. The changed text is published on this page with its date; material changes are announced in the message centre before they take effect. Its previous versions are kept.

## 10. Contact

Questions about this agreement can be raised as a work order in the console.
`,
  },
  privacy: {
    title: 'Privacy policy',
    summary: 'What personal information the platform collects, why, and your rights',
    body: `This policy explains what personal information the open platform collects, why, how long it is kept and what rights you have.

## What we collect

- **Account information**: username, name, e-mail address, phone number and password (kept only as a salted hash).
- **Enterprise information**: what you enter for a business unit and its certification.
- **Records of use**: sign-ins (time, address, device), the operations you perform, API calls and event pushes made by your apps.
- **Browser storage**: the site keeps your session token, chosen language and current business unit in your browser's local storage. It uses no advertising or tracking cookies.

## Why we use it

To run your account and business units, to keep the platform secure (for example to lock an account after repeated failed sign-ins), to deliver the data and events your business unit authorised, to answer work orders and to meet legal duties.

## Sharing with apps

An app receives a business unit's data only within the scopes that business unit has opened for it, and only while they stay open. Each call is logged.

## How long we keep it

Sign-in, operation and request logs are kept for 90 days and API call logs for 30 days, unless the operator sets otherwise; account information is kept while the account exists.

## Security

Passwords are stored with argon2id; traffic should be served over HTTPS; access inside the platform follows roles and permissions, and every change of permission is recorded.

## Your rights

You may see and correct your personal information in your personal settings, ask for a copy of it, and ask for your account to be deleted by raising a work order.

## Changes

Changes to this policy are published on this page with their date; previous versions are kept.
`,
  },
  'data-interface': {
    title: 'Data interface agreement',
    summary: 'The terms for apps that read and change data through the open API',
    body: `This agreement applies to every developer whose app calls the platform's open API.

## 1. Scope of access

An app may call an API only when the business unit that owns the data has opened the API's scope for it. Access ends when the scope is closed, the app is disabled or its business unit stops using it.

## 2. Use of data

- Use the data only for the purpose the business unit authorised, and process no more of it than that purpose needs.
- Do not sell, disclose or combine the data with other sources without the business unit's consent.
- Delete or return the data when the authorisation ends, unless the law requires you to keep it.

## 3. Credentials and security

Keep the App Secret and access tokens on your servers, never in a browser or a mobile app. Reset the secret at once if it may have leaked; the old secret and its tokens stop working immediately.

## 4. Limits and logs

Calls are limited per app and per API (by default 600 a minute); beyond the limit the platform answers HTTP 429. Every call is logged with its time, app and result, and the log is kept for 30 days.

## 5. Changes to the interface

APIs are versioned. A change that breaks existing callers is announced in advance in the developer documents.

## 6. Breach

The platform may close scopes or disable an app that breaks this agreement, and will tell its developer why.
`,
  },
  'data-event': {
    title: 'Data event agreement',
    summary: 'The terms for apps that receive event pushes',
    body: `This agreement applies to every developer whose app subscribes to events.

## 1. What is pushed

The platform pushes an event when data within an app's opened scopes changes, and events about the app itself. An event carries the changed record, and on a change also the record before it.

## 2. The receiving endpoint

- The request URL must be under the developer's control and served over HTTPS.
- It must answer the verification challenge unchanged within 1 second.
- Check the signature of every push, and decrypt encrypted pushes, before trusting them.

## 3. Delivery

An HTTP 2xx answer means delivered. Otherwise the platform retries 10 times at growing intervals from 15 seconds to 12 hours; an endpoint that keeps failing for days is paused. The event log shows each push, which can be pushed again.

## 4. Use of event data

Event data is data of the business unit: the [data interface agreement](/terms/data-interface) applies to it in full.

## 5. Ending

Unsubscribing, closing a scope or disabling the app stops the pushes at once.
`,
  },
  'api-auth': {
    title: 'API authorisation agreement',
    summary: 'What a business unit grants when it opens scopes to an app',
    body: `This agreement is between a business unit (the "authoriser") and an app that asks it for scopes, through the platform.

## 1. What is authorised

By opening a scope the authoriser allows the app to call that scope's APIs and receive its events, for the business unit's own data only. Nothing else is granted.

## 2. How authorisation is given

The app applies for scopes; the business unit's administrators (and, where the business unit requires it, its approval process) and the platform's operators review the application. A scope is open only once approved.

## 3. The app's duties

The app uses the authorised data only for the service it provides to the authoriser, keeps it secure and follows the [data interface agreement](/terms/data-interface) and the [data event agreement](/terms/data-event).

## 4. Withdrawing authorisation

The authoriser may close any scope at any time; the app then loses access at once and deletes data it no longer needs.

## 5. Records

Every application, approval, rejection and change of scope is recorded, with who made it and when, and both sides can see it.
`,
  },
  'about-us': {
    title: 'About the open platform',
    summary: 'What the platform is and where to start',
    body: `The open platform connects enterprises with the apps and developers that serve them. Enterprises keep their organisation — business units, departments, members and roles — in one place and decide which apps may reach it; developers build on it through one open API, events and ready-made abilities.

## For enterprises

- Find apps in the [app store](/appStore) and install them for your business unit.
- Manage members, roles and permissions, single sign-on and security policies in the console.
- Raise work orders and read announcements in the message centre.

## For developers

- Read the [developer documents](/developer/doc), starting with [Getting started](/developer/doc?category=developer_guide&docCode=getting-started).
- See what each scope opens on [Open capabilities](/open-capability).
- Try the API in the [debug console](/developer/console) and follow your calls and pushes in the developer log.

## Agreements

Using the platform is subject to the [service agreement](/terms/service) and the [privacy policy](/terms/privacy); apps also to the [data interface agreement](/terms/data-interface), the [data event agreement](/terms/data-event) and the [API authorisation agreement](/terms/api-auth).

## Contact

[Sign in](/login) and raise a work order: the platform's staff answer it in the console.
`,
  },
};
