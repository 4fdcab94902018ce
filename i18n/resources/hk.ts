export default {
  // The console's own words (loaded with it, not with the public pages).
  markdown: {
    upload: '上傳圖片或檔案',
    uploading: '正在上傳…',
    uploading_percent: '正在上傳… %{percent}%',
    upload_hint: '圖片（%{images}）不超過 %{image_mb} MB，檔案（%{files}）不超過 %{file_mb} MB，每次最多 %{count} 個；連結插入到游標處。',
  },
  files: {
    attach: '添加附件',
    hint: '圖片（%{images}）不超過 %{image_mb} MB，檔案（%{files}）不超過 %{file_mb} MB，最多 %{count} 個。',
  },
  conversation: { send: '發送回覆', hint: 'Ctrl+Enter 發送。' },
  totals: { title: '按月匯總', month: '月份', currency: '幣種', amount: '合計', count: '筆數', empty: '近 12 個月沒有已到賬的付款。' },
  related: { empty: '暫無。', add: '新增' },
  list_actions: { message: { read_all: '全部標為已讀', read_all_done: '此處的消息已全部標為已讀。' } },
  links: { open_related: '打開相關頁面' },
  common: {
    fields: { guid: '標識', created_at: '建立時間', updated_at: '更新時間', created_by: '建立人', bu_guid: '業務單元', page: '頁碼', page_size: '每頁條數' },
  },
  resources: {
    'login-log': {
      name: '登入日誌',
      fields: { scene: '登入入口', username: '用戶名', user_guid: '帳號', result: '結果', ip: '地址', user_agent: '瀏覽器（User-Agent）', from: '開始時間', to: '結束時間', cursor: '翻頁位置' },
      values: {
        scene: { admin: '營運後台', tenant: '租戶控制台' },
        result: {
          success: '登入成功',
          login_failed: '用戶名或密碼錯誤',
          login_throttled: '失敗過多已鎖定',
          account_frozen: '帳號已凍結',
          account_not_activated: '帳號未啟用',
          ip_not_allowed: '地址不在白名單',
          invalid_input: '輸入無效',
          other: '其他拒絕',
        },
      },
    },
    'operation-log': {
      name: '操作日誌',
      fields: { user_guid: '帳號', username: '操作人', user_type: '帳號類型', bu_guid: '業務單元', resource: '對象', action: '操作', path: '調用', target_guid: '記錄', fields: '變更欄位', ip: '地址', from: '開始時間', to: '結束時間', cursor: '翻頁位置' },
      values: { user_type: { '0': '營運人員', '1': '主帳號', '2': '子帳號' } },
    },
    'request-log': {
      name: '請求日誌',
      fields: { user_guid: '帳號', username: '用戶', user_type: '帳號類型', bu_guid: '業務單元', method: '方法', path: '調用', http_status: 'HTTP 狀態', code: '返回碼', ms: '耗時（毫秒）', request_id: '請求 ID', ip: '地址', user_agent: '瀏覽器（User-Agent）', from: '開始時間', to: '結束時間', cursor: '翻頁位置' },
      values: { user_type: { '0': '營運人員', '1': '主帳號', '2': '子帳號' } },
    },
    'union-bu': {
      name: '聯合BU |||| 聯合BU',
      fields: {
        name: '聯合名稱', code: '聯合編碼', description: '描述', bu_guids: '成員業務單元', status: '狀態',
        dept_guids: '共享部門', user_guids: '共享用戶', app_guids: '共享應用', dept_guid: '部門', keyword: '關鍵詞',
      },
      values: { status: { '0': '啟用', '1': '停用' } },
    },
    permission: {
      name: '權限 |||| 權限',
      fields: { parent_guid: '上級', name: '名稱', code: '權限碼', url: '路由', type: '類型', status: '狀態', scene: '所屬控制台', icon: '圖示', hidden: '隱藏', sort: '排序' },
      values: { type: { '0': '選單', '1': '子選單', '2': '按鈕' }, status: { '0': '啟用', '1': '停用' }, scene: { admin: '營運控制台', tenant: '租戶控制台' } },
    },
    role: {
      name: '角色 |||| 角色',
      fields: { name: '角色名稱', code: '角色編碼', type: '角色類型', category: '角色範圍', description: '描述', status: '狀態' },
      values: { type: { '0': '超級管理', '1': '管理員', '2': '普通' }, category: { common: '通用', project: '項目' }, status: { '0': '啟用', '1': '停用' } },
    },
    user: {
      name: '平台用戶 |||| 平台用戶',
      fields: { username: '用戶名', password: '密碼', name: '姓名', alias: '別名', email: '電郵', phone: '電話', avatar_url: '頭像', status: '狀態', role_guids: '角色', user_type: '用戶類型', confirm_password: '確認密碼', code: '驗證碼', agree: '服務協議', token: '連結', old_password: '原密碼', purpose: '用途', lang: '語言' },
      values: { status: { '0': '正常', '1': '已凍結', '2': '待啟用' }, user_type: { '0': '營運人員', '1': '主帳號', '2': '子帳號' } },
    },
    dict: {
      name: '數據字典 |||| 數據字典',
      fields: { type: '字典類型', label: '標籤', value: '值', remark: '備註', status: '狀態', sort: '排序' },
      values: { status: { '0': '啟用', '1': '停用' } },
    },
    'column-config': {
      name: '欄配置 |||| 欄配置',
      fields: { resource: '資源', columns: '欄', field: '欄位', visible: '顯示', label: '標題', width: '寬度' },
    },
    'column-preference': {
      name: '我的欄設定 |||| 我的欄設定',
      fields: { resource: '資源', hidden: '隱藏的欄' },
    },
    bu: {
      name: '業務單元 |||| 業務單元',
      fields: {
        name: '名稱',
        alias: '別名',
        code: '編碼',
        cover_url: '封面',
        abbreviation: '簡稱',
        portal_domain: '門戶網域',
        custom_domain: '自訂網域',
        description: '描述',
        status: '狀態',
        auth_state: '認證狀態',
        owner_username: '擁有者帳號',
        owner_guid: '擁有者',
        company_name: '企業名稱',
      },
      values: {
        auth_state: { '0': '未認證', '1': '認證中', '2': '已認證', '3': '認證失敗' },
        status: {
          '0': '啟用',
          '1': '停用',
        },
      },
    },
    org: {
      name: '企業認證 |||| 企業認證',
      fields: {
        company_name: '企業名稱',
        credit_code: '統一社會信用代碼',
        legal_person: '法定代表人',
        contact_name: '聯絡人',
        contact_phone: '聯絡電話',
        address: '地址',
        license_url: '營業執照',
        auth_state: '認證狀態',
        applied_at: '申請時間',
        remark: '審核意見',
        bu_name: '業務單元名稱',
        bu_code: '業務單元編碼',
        bu_cover_url: '業務單元封面',
      },
      values: {
        auth_state: {
          '0': '未認證',
          '1': '認證中',
          '2': '已認證',
          '3': '認證失敗',
        },
      },
    },
    company: {
      name: '公司 |||| 公司',
      fields: {
        name: '公司名稱',
        alias: '別名',
        credit_code: '統一社會信用代碼',
        address: '地址',
        type: '公司類型',
        status: '狀態',
        invoice_title: '開票抬頭',
        invoice_address: '開票地址',
        invoice_phone: '開票電話',
        bank_accounts: '銀行帳戶',
        taxpayer_type: '納稅人類型',
      },
      values: {
        type: {
          '0': '地產開發',
          '1': '物業管理',
        },
        taxpayer_type: {
          '0': '一般納稅人',
          '1': '小規模納稅人',
        },
        status: {
          '0': '啟用',
          '1': '停用',
        },
      },
    },
    project: {
      name: '項目 |||| 項目',
      fields: {
        name: '項目名稱',
        code: '項目編碼',
        area_code: '區域編碼',
        address: '地址',
        longitude: '經度',
        latitude: '緯度',
        opening_time: '開放時間',
        closing_time: '關閉時間',
        opening_status: '開業狀態',
        cover_url: '封面',
        main_currency: '主結算幣種',
        secondary_currencies: '副結算幣種',
        company_guids: '關聯公司',
        member_guids: '項目成員',
      },
      values: {
        opening_status: {
          '0': '已開業',
          '1': '未開業',
          '2': '已關閉',
        },
      },
    },
    department: {
      name: '部門 |||| 部門',
      fields: {
        name: '部門名稱',
        parent_guid: '上級部門',
        code: '部門編碼',
        leader_guid: '負責人',
        description: '描述',
        sort: '排序',
        bu_guid: '業務單元',
        user_guids: '成員',
      },
    },
    position: {
      name: '崗位 |||| 崗位',
      fields: {
        name: '崗位名稱',
        code: '崗位編碼',
        description: '描述',
        status: '狀態',
      },
      values: {
        status: {
          '0': '啟用',
          '1': '停用',
        },
      },
    },
    member: {
      name: '成員 |||| 成員',
      fields: {
        name: '姓名',
        english_name: '英文名',
        alias: '別名',
        job_number: '工號',
        department_guid: '部門',
        superior_guid: '直屬上級',
        position_guid: '崗位',
        account_type: '帳號類型',
        area_code: '區號',
        phone: '手機號碼',
        email: '電郵',
        duty_status: '在職狀態',
      },
      values: {
        account_type: {
          '0': '員工',
          '1': '外判',
          '2': '系統帳號',
        },
        duty_status: {
          '0': '在職',
          '1': '離職',
        },
        area_code: {
          '86': '中國內地 +86',
          '852': '中國香港 +852',
          '853': '中國澳門 +853',
          '886': '中國台灣 +886',
        },
      },
    },
    'sub-account': {
      name: '子帳號 |||| 子帳號',
      fields: {
        username: '用戶名',
        name: '姓名',
        alias: '別名',
        email: '電郵',
        phone: '手機號碼',
        status: '帳號狀態',
        role_guids: '角色',
        user_type: '用戶類型',
        password: '密碼',
        confirm_password: '確認密碼',
        token: '啟用連結',
      },
      values: {
        user_type: { '0': '營運人員', '1': '主帳號', '2': '子帳號' },
        status: {
          '0': '正常',
          '1': '已凍結',
          '2': '待啟用',
        },
      },
    },
    'password-policy': {
      name: '密碼策略 |||| 密碼策略',
      fields: {
        min_length: '最小長度',
        require_digit: '包含數字',
        require_upper: '包含大寫字母',
        require_lower: '包含小寫字母',
        require_special: '包含特殊字元',
        change_period_months: '修改週期（月）',
        remind_days: '提前提醒（天）',
        bu_guid: '業務單元',
      },
    },
    'safe-policy': {
      name: '登入策略 |||| 登入策略',
      fields: {
        login_error_limit: '登入錯誤次數上限',
        cycle_seconds: '週期時長（秒）',
        cycles: '鎖定週期數',
        token_validity_seconds: '令牌有效期（秒）',
        ip_whitelist: 'IP 白名單',
        bu_guid: '業務單元',
      },
    },
    app: {
      name: '應用 |||| 應用',
      fields: {
        name: '應用名稱',
        code: '應用編碼',
        type: '應用類型',
        icon: '圖示',
        cover_url: '封面',
        description: '描述',
        token_ttl: '令牌有效期（秒）',
        status: '狀態',
        app_id: 'App ID',
        app_secret: 'App Secret',
        server_secret: '伺服器端密鑰',
        ability_codes: '能力',
      },
      values: { type: { '0': '商店應用', '1': '自建應用', '2': '企業自建應用' }, status: { '0': '啟用', '1': '停用' } },
    },
    'app-security': {
      name: '應用安全設定 |||| 應用安全設定',
      fields: { app_guid: '應用', ip_whitelist: 'IP 白名單', redirect_urls: '重新導向 URL' },
    },
    'app-ext-prop': {
      name: '擴展屬性 |||| 擴展屬性',
      fields: { app_guid: '應用', prop_key: '屬性鍵', prop_value: '屬性值', sort: '排序' },
    },
    ability: {
      /** The seeded rows in this language (server/seed/api-groups.ts); shown while a row keeps its seeded name. */
      seeded: {
        'process-engine': { name: '流程引擎', description: '在應用中發起和處理審批流程' },
        'web-login': { name: '網頁登入', description: '用平台帳號登入應用，登入後回到應用的重新導向 URL' },
      },
      name: '能力 |||| 能力',
      fields: { code: '能力編碼', name: '能力名稱', description: '描述', status: '狀態' },
      values: { status: { '0': '啟用', '1': '停用' } },
    },
    'api-group': {
      /** The seeded rows in this language (server/seed/api-groups.ts); shown while a row keeps its seeded name. */
      seeded: {
        'contact:department:readonly': { name: '讀取部門資料', description: '讀取企業的部門樹' },
        'contact:member:readonly': { name: '讀取成員資料', description: '分頁查詢和讀取企業成員' },
        'contact:member:write': { name: '管理成員', description: '新增和修改企業成員' },
        'contact:position:readonly': { name: '讀取職位資料', description: '分頁查詢企業職位' },
        'org:company:readonly': { name: '讀取公司資料', description: '分頁查詢企業下的公司' },
        'org:project:readonly': { name: '讀取項目資料', description: '分頁查詢企業下的項目' },
      },
      name: '權限範圍 |||| 權限範圍',
      fields: { guid: '權限', code: '權限編碼', name: '權限名稱', description: '描述', status: '狀態' },
      values: { status: { '0': '啟用', '1': '停用' } },
    },
    'audit-record': {
      name: '權限申請 |||| 權限申請',
      fields: { app_guid: '應用', group_codes: '權限', status: '審核狀態', remark: '審核意見' },
      values: { status: { '0': '待審核', '1': '審核通過', '2': '審核不通過', '3': '已完成' } },
    },
    label: {
      name: '應用標籤 |||| 應用標籤',
      fields: { name: '標籤', sort: '排序', status: '狀態' },
      values: { status: { '0': '啟用', '1': '停用' } },
    },
    classify: {
      name: '應用分類 |||| 應用分類',
      fields: { name: '分類', icon: '圖示', sort: '排序', status: '狀態' },
      values: { status: { '0': '啟用', '1': '停用' } },
    },
    'classify-app': {
      name: '分類應用 |||| 分類應用',
      fields: { classify_guid: '分類', app_guid: '應用', sort: '排序' },
    },
    listing: {
      name: '上架資訊 |||| 上架資訊',
      fields: {
        name: '應用名稱', classify_guid: '分類', codes: '應用編碼',
        app_guid: '應用', summary: '簡介', description: '詳細介紹', screenshots: '截圖', provider: '服務商',
        label_guids: '標籤', price: '價格（分）', cycle: '計費週期', status: '上架狀態', sort: '排序',
      },
      values: { status: { '0': '已上架', '1': '未上架' }, cycle: { '0': '一次性', '1': '按月', '2': '按年' } },
    },
    order: {
      name: '訂單 |||| 訂單',
      fields: {
        number: '訂單號', app_guid: '應用', app_name: '商品', kind: '訂單類型', amount: '金額', currency: '幣種', paid_amount: '已收款', cycle: '計費週期', pay_type: '付費方式', state: '訂單狀態', bu_guid: '業務單元',
        due_at: '付款截止', note: '備註', void_reason: '作廢原因',
      },
      values: {
        kind: { '0': '通用訂單', '1': '產品訂單', '2': '服務訂單' },
        state: { '0': '待支付', '1': '已支付', '2': '已過期', '3': '已作廢' },
        cycle: { '0': '一次性', '1': '按月', '2': '按年' },
        pay_type: { '0': '預付費', '1': '後付費' },
        currency: { CNY: '人民幣（CNY）', HKD: '港幣（HKD）', USD: '美元（USD）' },
      },
    },
    'payment-record': {
      name: '收款記錄 |||| 收款記錄',
      fields: {
        order_guid: '訂單', order_number: '訂單號', app_name: '商品', amount: '金額', currency: '幣種', method: '付款方式', state: '狀態', paid_at: '付款時間', reference: '交易流水號', note: '備註', bu_guid: '業務單元',
      },
      values: {
        method: { '0': '銀行轉賬', '1': '網上支付', '2': '其他' },
        state: { '0': '未到賬', '1': '已到賬' },
        currency: { CNY: '人民幣（CNY）', HKD: '港幣（HKD）', USD: '美元（USD）' },
      },
    },
    'work-order': {
      name: '工單',
      fields: { number: '工單編號', title: '標題', description: '問題描述', category: '分類', app_guid: '應用', attachments: '附件', state: '狀態', rating: '評分', comment: '評價', bu_guid: '業務單元', records: '溝通記錄', older_than: '建立超過（天）' },
      values: {
        state: { '0': '待分配', '1': '處理中', '2': '已處理待評價', '3': '已關閉' },
        category: { '0': '帳號', '1': '應用', '2': '接口與事件', '3': '費用', '4': '其他' },
      },
    },
    'work-order-record': {
      name: '回覆',
      fields: { work_order_guid: '工單', content: '回覆內容', attachments: '附件', author_name: '回覆人', author_guid: '回覆人', side: '一方', kind: '類型', from_state: '原狀態', to_state: '新狀態' },
      values: { kind: { '0': '回覆', '1': '狀態變更' }, side: { tenant: '客戶', operator: '平台' } },
    },
    'work-question': {
      name: '問題',
      fields: { title: '問題', content: '詳細說明', answer: '答案', category: '分類', bu_guid: '業務單元' },
      values: { category: { '0': '帳號', '1': '應用', '2': '接口與事件', '3': '費用', '4': '其他' } },
    },
    message: {
      tabs: { user: '我的消息', app: '應用消息', bu: '業務單元消息' },
      name: '消息',
      fields: { to_user: '接收人', app_guid: '應用', key: '消息', params: '參數', body: '內容', announcement_guid: '公告', title: '標題', summary: '摘要', read: '已讀', html: '內容', link: '相關頁面', kind: '類型', guids: '消息', unread: '只看未讀' },
      values: { kind: { '0': '我的', '1': '應用', '2': '業務單元', '3': '平台' } },
    },
    announcement: {
      name: '公告',
      fields: { title: '標題', body: '內容（Markdown）', audience: '發送對象', bu_guids: '業務單元', app_guids: '應用', publish_at: '發佈時間', published_at: '已發佈於', state: '狀態', reach: '送達業務單元數' },
      values: { audience: { '0': '全部業務單元', '1': '指定業務單元', '2': '指定應用的用戶' }, state: { '0': '待發佈', '1': '已發佈' } },
    },
    'installed-app': {
      name: '企業應用 |||| 企業應用',
      fields: { app_guid: '應用', app_name: '應用', icon: '圖示', order_guid: '訂單', created_at: '添加時間', app_code: '應用編碼', order_number: '訂單號', projects: '綁定項目' },
    },
    'app-project': {
      name: '應用項目 |||| 應用項目',
      fields: { app_guid: '應用', project_guid: '項目', remark: '備註', app_name: '應用', project_name: '項目', bu_guid: '業務單元', created_at: '綁定時間' },
    },
    document: {
      name: '文檔 |||| 文檔',
      fields: { query: '搜尋關鍵詞', title: '標題', code: '文檔編碼', category: '分類', parent_guid: '上級文檔', summary: '摘要', body: '正文（Markdown）', sort: '排序', status: '狀態', version: '版本' },
      values: { status: { '0': '已發佈', '1': '草稿' }, category: { developer_guide: '開發指南', server: '服務端 API', open_ability: '開放能力', general_ability: '通用能力', tools: '開發工具', best_practices: '最佳實踐', faq: '常見問題', solution: '解決方案', help: '幫助中心', business_engine: '業務引擎', business_data: '業務數據', public_data: '公共數據', app_introduction: '應用介紹', website_agreement: '網站協議' } },
    },
    'event-info': {
      /** The seeded event types in this language (server/seed/event-types.ts), by code with dots as underscores. */
      seeded: {
        contact_department_created_v3: { name: '部門已建立', description: '業務單元新增了部門' },
        contact_department_updated_v3: { name: '部門已修改', description: '部門資料變更，附修改前的內容' },
        contact_department_deleted_v3: { name: '部門已刪除', description: '業務單元刪除了部門' },
        contact_user_created_v3: { name: '成員已新增', description: '業務單元新增了成員' },
        contact_user_updated_v3: { name: '成員已修改', description: '成員資料或在職狀態變更，附修改前的內容' },
        contact_user_deleted_v3: { name: '成員已刪除', description: '業務單元刪除了成員' },
        application_app_status_changed_v1: { name: '應用啟停', description: '本應用被啟用或停用' },
        application_permission_changed_v1: { name: '應用權限變更', description: '本應用開通的權限有變' },
      },
      name: '事件 |||| 事件',
      fields: { code: '事件編碼', group_code: '所需權限', name: '事件名稱', description: '說明', payload_schema: '事件內容結構', status: '狀態' },
      values: { status: { '0': '啟用', '1': '停用' } },
    },
    'event-config': {
      name: '事件設定 |||| 事件設定',
      fields: {
        app_guid: '應用', request_url: '請求地址', verification_token: 'Verification Token', encrypt_key: 'Encrypt Key', signing_secret: '簽名密鑰',
        verified_at: '驗證時間', failing_since: '持續失敗開始時間', paused_at: '暫停時間',
        event_ids: '事件 ID', event_type: '事件類型', event_id: '事件 ID', result: '結果', key: '密鑰', clear: '清除', from: '開始時間', to: '結束時間', state: '狀態', cursor: '分頁',
      },
    },
    'event-rel': {
      name: '事件訂閱 |||| 事件訂閱',
      fields: { app_guid: '應用', event_code: '事件', event_codes: '事件' },
    },
    'auth-config': {
      name: 'SSO 認證設定 |||| SSO 認證設定',
      fields: {
        sso_enabled: '啟用 SSO',
        protocol: '協議',
        issuer_url: '認證地址',
        client_id: '用戶端 ID',
        client_secret: '用戶端密鑰',
        redirect_url: '回調地址',
        login_types: '登入方式',
        bu_guid: '業務單元',
      },
      values: {
        protocol: {
          oidc: 'OIDC',
          saml: 'SAML',
          cas: 'CAS',
        },
        login_types: {
          password: '帳號密碼',
          email_code: '電郵驗證碼',
          sso: '單一登入',
        },
      },
    },
  },
};
