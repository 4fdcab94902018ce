export default {
  // The console's own words (loaded with it, not with the public pages).
  markdown: {
    upload: 'Upload image or file',
    uploading: 'Uploading…',
    uploading_percent: 'Uploading… %{percent}%',
    upload_hint: 'Images (%{images}) up to %{image_mb} MB, files (%{files}) up to %{file_mb} MB, %{count} at a time; the link goes where the cursor is.',
  },
  files: {
    attach: 'Attach files',
    hint: 'Images (%{images}) up to %{image_mb} MB, files (%{files}) up to %{file_mb} MB, at most %{count}.',
  },
  conversation: { send: 'Send reply', hint: 'Ctrl+Enter sends.' },
  totals: { title: 'Totals by month', month: 'Month', currency: 'Currency', amount: 'Total', count: 'Transactions', empty: 'No received payments in the last 12 months.' },
  related: { empty: 'None yet.', add: 'Add' },
  list_actions: { message: { read_all: 'Mark all read', read_all_done: 'All messages here are marked read.' } },
  links: { open_related: 'Open the page it is about' },
  common: {
    fields: { guid: 'ID', created_at: 'Created at', updated_at: 'Updated at', created_by: 'Created by', bu_guid: 'Business unit', page: 'Page', page_size: 'Page size' },
  },
  resources: {
    'login-log': {
      name: 'Login log |||| Login log',
      fields: { scene: 'Sign-in page', username: 'Username', user_guid: 'Account', result: 'Result', ip: 'Address', user_agent: 'Browser (user agent)', from: 'From', to: 'To', cursor: 'Page' },
      values: {
        scene: { admin: 'Operator console', tenant: 'Tenant console' },
        result: {
          success: 'Signed in',
          login_failed: 'Wrong username or password',
          login_throttled: 'Locked after failures',
          account_frozen: 'Account frozen',
          account_not_activated: 'Account not activated',
          ip_not_allowed: 'Address not whitelisted',
          invalid_input: 'Invalid input',
          other: 'Other refusal',
        },
      },
    },
    'operation-log': {
      name: 'Operation log |||| Operation log',
      fields: { user_guid: 'Account', username: 'Operator', user_type: 'Account type', bu_guid: 'Business unit', resource: 'Object', action: 'Action', path: 'Call', target_guid: 'Record', fields: 'Fields changed', ip: 'Address', from: 'From', to: 'To', cursor: 'Page' },
      values: { user_type: { '0': 'Operator', '1': 'Main account', '2': 'Sub account' } },
    },
    'request-log': {
      name: 'Request log |||| Request log',
      fields: { user_guid: 'Account', username: 'User', user_type: 'Account type', bu_guid: 'Business unit', method: 'Method', path: 'Call', http_status: 'HTTP status', code: 'Answer code', ms: 'Time (ms)', request_id: 'Request ID', ip: 'Address', user_agent: 'Browser (user agent)', from: 'From', to: 'To', cursor: 'Page' },
      values: { user_type: { '0': 'Operator', '1': 'Main account', '2': 'Sub account' } },
    },
    'union-bu': {
      name: 'Union BU |||| Union BUs',
      fields: {
        name: 'Union name', code: 'Union code', description: 'Description', bu_guids: 'Member business units', status: 'Status',
        dept_guids: 'Shared departments', user_guids: 'Shared users', app_guids: 'Shared apps', dept_guid: 'Department', keyword: 'Keyword',
      },
      values: { status: { '0': 'Enabled', '1': 'Disabled' } },
    },
    permission: {
      name: 'Permission |||| Permissions',
      fields: { parent_guid: 'Parent', name: 'Name', code: 'Code', url: 'Route', type: 'Type', status: 'Status', scene: 'Console', icon: 'Icon', hidden: 'Hidden', sort: 'Order' },
      values: { type: { '0': 'Menu', '1': 'Submenu', '2': 'Button' }, status: { '0': 'Enabled', '1': 'Disabled' }, scene: { admin: 'Operator console', tenant: 'Tenant console' } },
    },
    role: {
      name: 'Role |||| Roles',
      fields: { name: 'Role name', code: 'Role code', type: 'Role type', category: 'Role scope', description: 'Description', status: 'Status' },
      values: { type: { '0': 'Super management', '1': 'Administrator', '2': 'Ordinary' }, category: { common: 'Common', project: 'Project' }, status: { '0': 'Enabled', '1': 'Disabled' } },
    },
    user: {
      name: 'Platform user |||| Platform users',
      fields: { username: 'Username', password: 'Password', name: 'Name', alias: 'Alias', email: 'E-mail', phone: 'Phone', avatar_url: 'Avatar', status: 'Status', role_guids: 'Roles', user_type: 'User type', confirm_password: 'Confirm password', code: 'Verification code', agree: 'Agreement', token: 'Link', old_password: 'Current password', purpose: 'Purpose', lang: 'Language' },
      values: { status: { '0': 'Normal', '1': 'Frozen', '2': 'To be activated' }, user_type: { '0': 'Operator', '1': 'Main account', '2': 'Sub account' } },
    },
    dict: {
      name: 'Dictionary entry |||| Dictionary',
      fields: { type: 'Dictionary type', label: 'Label', value: 'Value', remark: 'Remark', status: 'Status', sort: 'Order' },
      values: { status: { '0': 'Enabled', '1': 'Disabled' } },
    },
    'column-config': {
      name: 'Column setting |||| Column settings',
      fields: { resource: 'Resource', columns: 'Columns', field: 'Field', visible: 'Visible', label: 'Label', width: 'Width' },
    },
    'column-preference': {
      name: 'My column setting |||| My column settings',
      fields: { resource: 'Resource', hidden: 'Hidden columns' },
    },
    bu: {
      name: 'Business unit |||| Business units',
      fields: {
        name: 'Name',
        alias: 'Alias',
        code: 'Code',
        cover_url: 'Cover',
        abbreviation: 'Abbreviation',
        portal_domain: 'Portal domain',
        custom_domain: 'Custom domain',
        description: 'Description',
        status: 'Status',
        auth_state: 'Certification',
        owner_username: 'Owner account',
        owner_guid: 'Owner',
        company_name: 'Company name',
      },
      values: {
        auth_state: { '0': 'Uncertified', '1': 'Certifying', '2': 'Certified', '3': 'Failed' },
        status: {
          '0': 'Enabled',
          '1': 'Disabled',
        },
      },
    },
    org: {
      name: 'Organisation certification |||| Organisation certifications',
      fields: {
        company_name: 'Company name',
        credit_code: 'Unified social credit code',
        legal_person: 'Legal representative',
        contact_name: 'Contact',
        contact_phone: 'Contact phone',
        address: 'Address',
        license_url: 'Business licence',
        auth_state: 'Certification',
        applied_at: 'Applied at',
        remark: "Reviewer's reason",
        bu_name: 'Business unit name',
        bu_code: 'Business unit code',
        bu_cover_url: 'Business unit cover',
      },
      values: {
        auth_state: {
          '0': 'Uncertified',
          '1': 'Certifying',
          '2': 'Certified',
          '3': 'Failed',
        },
      },
    },
    company: {
      name: 'Company |||| Companies',
      fields: {
        name: 'Company name',
        alias: 'Alias',
        credit_code: 'Unified social credit code',
        address: 'Address',
        type: 'Type',
        status: 'Status',
        invoice_title: 'Invoice title',
        invoice_address: 'Invoice address',
        invoice_phone: 'Invoice phone',
        bank_accounts: 'Bank accounts',
        taxpayer_type: 'Taxpayer type',
      },
      values: {
        type: {
          '0': 'Real estate development',
          '1': 'Property management',
        },
        taxpayer_type: {
          '0': 'General taxpayer',
          '1': 'Small-scale taxpayer',
        },
        status: {
          '0': 'Enabled',
          '1': 'Disabled',
        },
      },
    },
    project: {
      name: 'Project |||| Projects',
      fields: {
        name: 'Project name',
        code: 'Project code',
        area_code: 'Area code',
        address: 'Address',
        longitude: 'Longitude',
        latitude: 'Latitude',
        opening_time: 'Opening time',
        closing_time: 'Closing time',
        opening_status: 'Opening status',
        cover_url: 'Cover',
        main_currency: 'Main settlement currency',
        secondary_currencies: 'Secondary settlement currencies',
        company_guids: 'Related companies',
        member_guids: 'Members',
      },
      values: {
        opening_status: {
          '0': 'Opened',
          '1': 'Not opened',
          '2': 'Closed',
        },
      },
    },
    department: {
      name: 'Department |||| Departments',
      fields: {
        name: 'Department name',
        parent_guid: 'Parent department',
        code: 'Code',
        leader_guid: 'Leader',
        description: 'Description',
        sort: 'Order',
        bu_guid: 'Business unit',
        user_guids: 'Members',
      },
    },
    position: {
      name: 'Position |||| Positions',
      fields: {
        name: 'Position name',
        code: 'Code',
        description: 'Description',
        status: 'Status',
      },
      values: {
        status: {
          '0': 'Enabled',
          '1': 'Disabled',
        },
      },
    },
    member: {
      name: 'Member |||| Members',
      fields: {
        name: 'Name',
        english_name: 'English name',
        alias: 'Alias',
        job_number: 'Job number',
        department_guid: 'Department',
        superior_guid: 'Superior',
        position_guid: 'Position',
        account_type: 'Account type',
        area_code: 'Area code',
        phone: 'Phone',
        email: 'E-mail',
        duty_status: 'Duty status',
      },
      values: {
        account_type: {
          '0': 'Employee',
          '1': 'Outsourcing',
          '2': 'System account',
        },
        duty_status: {
          '0': 'On duty',
          '1': 'Off duty',
        },
        area_code: {
          '86': 'Mainland China +86',
          '852': 'Hong Kong +852',
          '853': 'Macau +853',
          '886': 'Taiwan +886',
        },
      },
    },
    'sub-account': {
      name: 'Sub-account |||| Sub-accounts',
      fields: {
        username: 'Username',
        name: 'Name',
        alias: 'Alias',
        email: 'E-mail',
        phone: 'Phone',
        status: 'Account state',
        role_guids: 'Roles',
        user_type: 'User type',
        password: 'Password',
        confirm_password: 'Confirm password',
        token: 'Activation link',
      },
      values: {
        user_type: { '0': 'Operator', '1': 'Main account', '2': 'Sub account' },
        status: {
          '0': 'Normal',
          '1': 'Frozen',
          '2': 'To be activated',
        },
      },
    },
    'password-policy': {
      name: 'Password policy |||| Password policies',
      fields: {
        min_length: 'Minimum length',
        require_digit: 'Digit required',
        require_upper: 'Upper-case letter required',
        require_lower: 'Lower-case letter required',
        require_special: 'Special character required',
        change_period_months: 'Change period (months)',
        remind_days: 'Reminder (days)',
        bu_guid: 'Business unit',
      },
    },
    'safe-policy': {
      name: 'Login policy |||| Login policies',
      fields: {
        login_error_limit: 'Login error limit',
        cycle_seconds: 'Cycle time (seconds)',
        cycles: 'Number of cycles',
        token_validity_seconds: 'Token validity (seconds)',
        ip_whitelist: 'IP whitelist',
        bu_guid: 'Business unit',
      },
    },
    app: {
      name: 'App |||| Apps',
      fields: {
        name: 'App name',
        code: 'App code',
        type: 'App type',
        icon: 'Icon',
        cover_url: 'Cover',
        description: 'Description',
        token_ttl: 'Token validity (seconds)',
        status: 'Status',
        app_id: 'App ID',
        app_secret: 'App Secret',
        server_secret: 'Server secret',
        ability_codes: 'Abilities',
      },
      values: { type: { '0': 'Store app', '1': 'Self-built app', '2': 'Company-built app' }, status: { '0': 'Enabled', '1': 'Disabled' } },
    },
    'app-security': {
      name: 'App security |||| App security',
      fields: { app_guid: 'App', ip_whitelist: 'IP whitelist', redirect_urls: 'Redirect URLs' },
    },
    'app-ext-prop': {
      name: 'Extra property |||| Extra properties',
      fields: { app_guid: 'App', prop_key: 'Key', prop_value: 'Value', sort: 'Order' },
    },
    ability: {
      /** The seeded rows in this language (server/seed/api-groups.ts); shown while a row keeps its seeded name. */
      seeded: {
        'process-engine': { name: 'Process engine', description: 'Start and handle approval processes in the app' },
        'web-login': { name: 'Web sign-in', description: 'Sign in to the app with a platform account, returning to the app\'s redirect URLs' },
      },
      name: 'Ability |||| Abilities',
      fields: { code: 'Ability code', name: 'Ability name', description: 'Description', status: 'Status' },
      values: { status: { '0': 'Enabled', '1': 'Disabled' } },
    },
    'api-group': {
      /** The seeded rows in this language (server/seed/api-groups.ts); shown while a row keeps its seeded name. */
      seeded: {
        'contact:department:readonly': { name: 'Read departments', description: 'Read the business unit\'s department tree' },
        'contact:member:readonly': { name: 'Read members', description: 'Page through and read the business unit\'s members' },
        'contact:member:write': { name: 'Manage members', description: 'Add and change members' },
        'contact:position:readonly': { name: 'Read positions', description: 'Page through the business unit\'s positions' },
        'org:company:readonly': { name: 'Read companies', description: 'Page through the business unit\'s companies' },
        'org:project:readonly': { name: 'Read projects', description: 'Page through the business unit\'s projects' },
      },
      name: 'Scope |||| Scopes',
      fields: { guid: 'Scope', code: 'Scope code', name: 'Scope name', description: 'Description', status: 'Status' },
      values: { status: { '0': 'Enabled', '1': 'Disabled' } },
    },
    'audit-record': {
      name: 'Scope application |||| Scope applications',
      fields: { app_guid: 'App', group_codes: 'Scopes', status: 'Review', remark: "Reviewer's reason" },
      values: { status: { '0': 'Pending review', '1': 'Approved', '2': 'Not approved', '3': 'Complete' } },
    },
    label: {
      name: 'Store label |||| Store labels',
      fields: { name: 'Label', sort: 'Order', status: 'Status' },
      values: { status: { '0': 'Enabled', '1': 'Disabled' } },
    },
    classify: {
      name: 'Store classification |||| Store classifications',
      fields: { name: 'Classification', icon: 'Icon', sort: 'Order', status: 'Status' },
      values: { status: { '0': 'Enabled', '1': 'Disabled' } },
    },
    'classify-app': {
      name: 'App in a classification |||| Apps in classifications',
      fields: { classify_guid: 'Classification', app_guid: 'App', sort: 'Order' },
    },
    listing: {
      name: 'Store listing |||| Store listings',
      fields: {
        name: 'App name', classify_guid: 'Classification', codes: 'App codes',
        app_guid: 'App', summary: 'Summary', description: 'Description', screenshots: 'Screenshots', provider: 'Provider',
        label_guids: 'Labels', price: 'Price (cents)', cycle: 'Billing cycle', status: 'In the store', sort: 'Order',
      },
      values: { status: { '0': 'Listed', '1': 'Not listed' }, cycle: { '0': 'One-off', '1': 'Monthly', '2': 'Yearly' } },
    },
    order: {
      name: 'Order |||| Orders',
      fields: {
        number: 'Order number', app_guid: 'App', app_name: 'Item', kind: 'Kind', amount: 'Amount', currency: 'Currency', paid_amount: 'Received', cycle: 'Billing cycle', pay_type: 'Payment', state: 'State', bu_guid: 'Business unit',
        due_at: 'Due by', note: 'Note', void_reason: 'Reason for voiding',
      },
      values: {
        kind: { '0': 'General', '1': 'Product', '2': 'Service' },
        state: { '0': 'To be paid', '1': 'Paid', '2': 'Expired', '3': 'Void' },
        cycle: { '0': 'One-off', '1': 'Monthly', '2': 'Yearly' },
        pay_type: { '0': 'Prepaid', '1': 'Postpaid' },
        currency: { CNY: 'Renminbi (CNY)', HKD: 'Hong Kong dollar (HKD)', USD: 'US dollar (USD)' },
      },
    },
    'payment-record': {
      name: 'Payment record |||| Payment records',
      fields: {
        order_guid: 'Order', order_number: 'Order number', app_name: 'Item', amount: 'Amount', currency: 'Currency', method: 'Method', state: 'State', paid_at: 'Paid on', reference: 'Transaction number', note: 'Note', bu_guid: 'Business unit',
      },
      values: {
        method: { '0': 'Bank transfer', '1': 'Online payment', '2': 'Other' },
        state: { '0': 'Not received', '1': 'Received' },
        currency: { CNY: 'Renminbi (CNY)', HKD: 'Hong Kong dollar (HKD)', USD: 'US dollar (USD)' },
      },
    },
    'work-order': {
      name: 'Work order |||| Work orders',
      fields: { number: 'Number', title: 'Title', description: 'Description', category: 'Category', app_guid: 'App', attachments: 'Attachments', state: 'State', rating: 'Rating', comment: 'Comment', bu_guid: 'Business unit', records: 'Conversation', older_than: 'Older than (days)' },
      values: {
        state: { '0': 'To be assigned', '1': 'Processing', '2': 'Processed, awaiting evaluation', '3': 'Closed' },
        category: { '0': 'Account', '1': 'App', '2': 'API and events', '3': 'Billing', '4': 'Other' },
      },
    },
    'work-order-record': {
      name: 'Reply |||| Replies',
      fields: { work_order_guid: 'Work order', content: 'Reply', attachments: 'Attachments', author_name: 'By', author_guid: 'By', side: 'Side', kind: 'Kind', from_state: 'From', to_state: 'To' },
      values: { kind: { '0': 'Reply', '1': 'State change' }, side: { tenant: 'Customer', operator: 'Platform' } },
    },
    'work-question': {
      name: 'Question |||| Questions',
      fields: { title: 'Question', content: 'Details', answer: 'Answer', category: 'Category', bu_guid: 'Business unit' },
      values: { category: { '0': 'Account', '1': 'App', '2': 'API and events', '3': 'Billing', '4': 'Other' } },
    },
    message: {
      tabs: { user: 'My messages', app: 'App messages', bu: 'Business unit messages' },
      name: 'Message |||| Messages',
      fields: { to_user: 'Reader', app_guid: 'App', key: 'Message', params: 'Parameters', body: 'Content', announcement_guid: 'Announcement', title: 'Title', summary: 'Summary', read: 'Read', html: 'Content', link: 'Related page', kind: 'Kind', guids: 'Messages', unread: 'Unread only' },
      values: { kind: { '0': 'Mine', '1': 'App', '2': 'Business unit', '3': 'Platform' } },
    },
    announcement: {
      name: 'Announcement |||| Announcements',
      fields: { title: 'Title', body: 'Content (Markdown)', audience: 'Audience', bu_guids: 'Business units', app_guids: 'Apps', publish_at: 'Publish at', published_at: 'Published at', state: 'State', reach: 'Business units reached' },
      values: { audience: { '0': 'Every business unit', '1': 'Chosen business units', '2': 'Users of chosen apps' }, state: { '0': 'Scheduled', '1': 'Published' } },
    },
    'installed-app': {
      name: 'Enterprise app |||| Enterprise apps',
      fields: { app_guid: 'App', app_name: 'App', icon: 'Icon', order_guid: 'Order', created_at: 'Added on', app_code: 'App code', order_number: 'Order number', projects: 'Bound projects' },
    },
    'app-project': {
      name: 'App project |||| App projects',
      fields: { app_guid: 'App', project_guid: 'Project', remark: 'Remark', app_name: 'App', project_name: 'Project', bu_guid: 'Business unit', created_at: 'Bound on' },
    },
    document: {
      name: 'Document |||| Documents',
      fields: { query: 'Search words', title: 'Title', code: 'Document code', category: 'Category', parent_guid: 'Under', summary: 'Summary', body: 'Content (Markdown)', sort: 'Order', status: 'Status', version: 'Version' },
      values: { status: { '0': 'Published', '1': 'Draft' }, category: { developer_guide: 'Developer guide', server: 'Server API', open_ability: 'Open capabilities', general_ability: 'General abilities', tools: 'Tools', best_practices: 'Best practices', faq: 'FAQ', solution: 'Solutions', help: 'Help', business_engine: 'Business engine', business_data: 'Business data', public_data: 'Public data', app_introduction: 'App introductions', website_agreement: 'Agreements' } },
    },
    'event-info': {
      /** The seeded event types in this language (server/seed/event-types.ts), by code with dots as underscores. */
      seeded: {
        contact_department_created_v3: { name: 'Department created', description: 'A department was added to the business unit' },
        contact_department_updated_v3: { name: 'Department changed', description: 'A department changed; the event carries it before and after' },
        contact_department_deleted_v3: { name: 'Department deleted', description: 'A department was deleted from the business unit' },
        contact_user_created_v3: { name: 'Member added', description: 'A member was added to the business unit' },
        contact_user_updated_v3: { name: 'Member changed', description: 'A member or their duty status changed; the event carries them before and after' },
        contact_user_deleted_v3: { name: 'Member deleted', description: 'A member was deleted from the business unit' },
        application_app_status_changed_v1: { name: 'App enabled or disabled', description: 'This app was enabled or disabled' },
        application_permission_changed_v1: { name: 'App scopes changed', description: 'The scopes this app has opened changed' },
      },
      name: 'Event |||| Events',
      fields: { code: 'Event code', group_code: 'Scope needed', name: 'Event name', description: 'Description', payload_schema: 'Payload schema', status: 'Status' },
      values: { status: { '0': 'Enabled', '1': 'Disabled' } },
    },
    'event-config': {
      name: 'Event endpoint |||| Event endpoints',
      fields: {
        app_guid: 'App', request_url: 'Request URL', verification_token: 'Verification Token', encrypt_key: 'Encrypt Key', signing_secret: 'Signing secret',
        verified_at: 'Verified', failing_since: 'Failing since', paused_at: 'Paused',
        event_ids: 'Event IDs', event_type: 'Event type', event_id: 'Event ID', result: 'Result', key: 'Key', clear: 'Remove', from: 'From', to: 'To', state: 'State', cursor: 'Page',
      },
    },
    'event-rel': {
      name: 'Event subscription |||| Event subscriptions',
      fields: { app_guid: 'App', event_code: 'Event', event_codes: 'Events' },
    },
    'auth-config': {
      name: 'SSO configuration |||| SSO configurations',
      fields: {
        sso_enabled: 'SSO enabled',
        protocol: 'Protocol',
        issuer_url: 'Issuer URL',
        client_id: 'Client ID',
        client_secret: 'Client secret',
        redirect_url: 'Redirect URL',
        login_types: 'Login types',
        bu_guid: 'Business unit',
      },
      values: {
        protocol: {
          oidc: 'OIDC',
          saml: 'SAML',
          cas: 'CAS',
        },
        login_types: {
          password: 'Username and password',
          email_code: 'E-mail code',
          sso: 'Single sign-on',
        },
      },
    },
  },
};
