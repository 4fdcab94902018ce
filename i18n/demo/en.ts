/**
 * What `npm run demo` enters in English (server/demo/fill.ts): the words a person would type into
 * the screens. The demo fills a database in one language (`--lang`), as a person would.
 */
export default {
  bu: 'Northwind Trading',
  company: { company_name: 'Northwind Trading Co., Ltd.', legal_person: 'Alex Chen', contact_name: 'Alex Chen', address: '88 Harbour Road' },
  /** A second BU whose certification waits for review, its licence attached (a reviewer's screen on two companies' data). */
  other: {
    bu: 'Globex',
    company: { company_name: 'Globex Corporation Ltd.', legal_person: 'Sam Lee', contact_name: 'Sam Lee', contact_phone: '13800138000', address: '5 Riverside Avenue' },
  },
  /** A service provider's BU and the store app it publishes through review (docs/store.md, "Service providers"). */
  /** The tenant's own store app, published through review and bought by the second BU: its service-provider pages hold rows. */
  own_store: { app: 'Northwind Timesheets', summary: 'Timesheets for teams that work in shifts', question: { title: 'Can it export to Excel?', description: 'We need the monthly timesheets as a spreadsheet for payroll.' }, answer: 'Yes: Timesheets → Export, by month.' },
  provider: {
    bu: 'Roster Labs',
    app: 'Roster Sync',
    summary: 'Keeps your members in step with your HR system',
    description: '## What it does\n\nReads your members every night and sends the changes to your HR system.\n\n- Member reads only\n- Nothing is written back',
    next_summary: 'Now keeps departments in step too',
    next_note: 'Reads departments as well, to place members in them',
  },
  /** The title on the licences' images. */
  licence: 'Business licence',
  departments: { head: 'Head office', sales: 'Sales', engineering: 'Engineering' },
  members: [
    { name: 'Wang Fang', job_number: 'NW001', department: 'head' },
    { name: 'Liu Yang', job_number: 'NW002', department: 'sales' },
    { name: 'Zhang Wei', job_number: 'NW003', department: 'engineering' },
  ],
  roles: {
    people: { name: 'People administrator', description: 'Keeps departments and members up to date' },
    viewer: { name: 'Organisation viewer', description: 'Reads departments and members' },
  },
  sub_account: 'Chen Jing',
  /** An operator's role and the staff member holding it: product staff, who shape what tenants and visitors see. */
  operator_role: { name: 'Product staff', description: 'Shapes the store, the documents, the announcements and the columns of lists' },
  product_staff: 'Li Na',
  /** A sub-account holding every grant of the BU: its administrator. */
  admin_role: { name: 'Administrator', description: 'Everything the owner may do' },
  admin_account: 'Zhao Min',
  /** The administrator's own work order, and the operator's replies to both. */
  admin_work_order: { title: 'Invoice for the annual plan', description: 'Please send the invoice for our annual plan to the finance mailbox.' },
  replies: { owner: 'Apply for contact:member:readonly and subscribe to contact.user.created_v3.', admin: 'The invoice is on its way to your finance mailbox.' },
  /** The BU's dictionary, the platform's, an approval process, a project. */
  bu_dict: { type: 'cost_centre', label: 'Head office', value: 'CC-100' },
  platform_dict: { type: 'industry', label: 'Retail', value: 'retail' },
  process: { name: 'Scope approval', code: 'scope-approval', step: 'People administrator approves' },
  project: { name: 'Harbour Road store', code: 'HARBOUR01' },
  /** What the operator adds: a union of the two BUs, a staff field, an app property, orders and their payment, a published view. */
  union: { name: 'Northwind group', code: 'NORTHWIND', description: 'Northwind Trading and its partner Globex' },
  staff_field: { field_name: 'badge_number', display_name: 'Badge number' },
  ext_prop: { prop_key: 'support_hours', prop_value: 'Weekdays 9:00–18:00' },
  orders: { general: 'Annual platform plan', product: 'Provision seats', service: 'Onboarding service', paid: 'Transfer received' },
  view: 'Paid orders',
  app: { name: 'Northwind HR sync', description: 'Keeps the HR system in step with the directory' },
  labels: { trial: 'Free trial', popular: 'Popular', new: 'New' },
  categories: { service: 'Customer service', growth: 'Marketing and growth', operations: 'Operations' },
  store: {
    SERVICE: {
      name: 'Service Desk', provider: 'Open Platform',
      summary: 'Tickets and service requests from your customers, in one queue.',
      description: 'Collect requests from e-mail, web forms and the open API, assign them to the right people, track every reply and close the loop with a satisfaction survey.',
    },
    ENGAGE: {
      name: 'Engage', provider: 'Open Platform',
      summary: 'Reach and keep members with campaigns and messages.',
      description: 'Plan campaigns for the members of your business unit, send announcements and messages, and see who read them.',
    },
    CONNECT: {
      name: 'Connect', provider: 'Open Platform',
      summary: 'Link your systems through APIs and events.',
      description: 'Ready-made connectors keep your HR, finance and office systems in step with the directory, driven by the platform\'s events.',
    },
    PROVISION: {
      name: 'Provision', provider: 'Open Platform',
      summary: 'Accounts and access for new members, automatically.',
      description: 'When a member joins a department, Provision opens the accounts and roles they need; when they leave, it closes them.',
    },
    LEASE: {
      name: 'Lease', provider: 'Open Platform',
      summary: 'Lease projects, contracts and billing.',
      description: 'Keep lease projects, their contracts and billing cycles together, with reminders before every renewal.',
    },
  },
  announcement: {
    title: 'Welcome to the open platform',
    body: 'The app store now lists **five apps** for every business unit. Read [Getting started](/developer/doc?category=developer_guide&docCode=getting-started) to build your own.',
  },
  work_order: {
    title: 'Add our HR system as an event receiver',
    description: 'We would like our HR system to receive member changes. Which scopes should our app apply for?',
  },
};
