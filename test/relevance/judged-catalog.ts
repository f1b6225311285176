/**
 * The judged catalog: about 400 datasets that look like a real company's (six platforms, business schemas, columns,
 * descriptions, tags, glossary terms, owners), generated deterministically, and its seeding through the public API.
 * A core of hand-written datasets carries what the judged queries ask for; generated filler around it shares the
 * schemas, platforms and some words (other tables' names in descriptions), so ranking has something to get wrong.
 */

export type Origin = 'PROD' | 'DEV';

export interface JudgedDataset {
  urn: string;
  /** Aspect name → value, as a REST v3 batch item carries them (each under `{value}` when posted). */
  aspects: Record<string, unknown>;
}

/** What a write answers (the test harness's and the bench's responses both fit). */
export type Post = (path: string, body: unknown) => Promise<{ status: number; text: string }>;

export const datasetUrn = (platform: string, name: string, origin: Origin = 'PROD') => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},${origin})`;

const STAMP = { time: 1_700_000_000_000, actor: 'urn:li:corpuser:datahub' };
export const TAGS = ['pii', 'gdpr', 'gold', 'deprecated', 'finance_critical', 'silver', 'bronze', 'raw', 'staging'];
export const TERMS: Record<string, string> = { Confidential: 'Confidential', CustomerLifetimeValue: 'Customer Lifetime Value' };
const user = (id: string) => (id.startsWith('@') ? `urn:li:corpGroup:${id.slice(1)}` : `urn:li:corpuser:${id}`);

interface Spec {
  platform: string;
  /** `<schema>.<table>`. */
  name: string;
  description: string;
  /** Column paths, space-separated. */
  columns: string;
  tags?: string[];
  owners?: string[];
  terms?: string[];
  origin?: Origin;
}

/** The datasets the judged queries are about; each word a query targets appears only where the judgement says. */
const CORE: Spec[] = [
  { platform: 'hive', name: 'sales.orders', description: 'One row per customer order placed in the web shop, with totals and status.', columns: 'order_id customer_id order_date order_status total_amount currency_code shipping_address.city shipping_address.zip_code shipping_address.country', tags: ['gold'], owners: ['alice', '@data-eng'] },
  { platform: 'snowflake', name: 'sales.orders', description: 'Orders replicated from the shop database every hour for reporting.', columns: 'orderId customerId orderDate status totalAmount createdAt', tags: ['gold'], owners: ['bob'] },
  { platform: 'hive', name: 'sales.orders_archive', description: 'Orders older than two years, moved out of sales.orders each month.', columns: 'order_id customer_id order_date total_amount archived_at', tags: ['deprecated'], owners: ['alice'] },
  { platform: 'snowflake', name: 'sales.order_items', description: 'Line items of each order: product, quantity and unit price.', columns: 'order_item_id order_id product_id quantity unit_price discount_pct', owners: ['bob'] },
  { platform: 'postgres', name: 'shop.customer_orders', description: 'View joining customers to what they bought, for the help desk.', columns: 'customer_id customer_name order_id order_total placed_at', owners: ['carol'] },
  { platform: 'snowflake', name: 'sales.customers', description: 'Everyone who has bought at least once, with contact details and loyalty tier.', columns: 'customer_id first_name last_name customer_email phone_number date_of_birth billing_address.street billing_address.city loyalty_tier', tags: ['pii', 'gdpr', 'gold'], owners: ['alice'] },
  { platform: 'postgres', name: 'shop.customers', description: 'Accounts of the web shop, the source of truth for logins.', columns: 'id email password_hash created_at last_login_at marketing_opt_in', tags: ['pii'], owners: ['carol'] },
  { platform: 'bigquery', name: 'marketing.customer_segments', description: 'Buyers grouped by purchase behaviour for campaign targeting.', columns: 'customer_id segment_name recency_days frequency monetary_value scored_at', owners: ['dave'], terms: ['CustomerLifetimeValue'] },
  { platform: 'bigquery', name: 'marketing.campaigns', description: 'Marketing campaigns with channel, budget, start and end.', columns: 'campaign_id campaign_name channel budget_usd start_date end_date', owners: ['dave'] },
  { platform: 'bigquery', name: 'marketing.newsletter_subscribers', description: 'People who signed up for the weekly mailing.', columns: 'subscriberId emailAddress subscribedAt unsubscribedAt sourcePage', tags: ['pii', 'gdpr'], owners: ['dave'] },
  { platform: 'snowflake', name: 'marketing.ad_spend', description: 'Advertising cost per channel and campaign, per day.', columns: 'spend_date channel campaign_id cost_usd impressions clicks', owners: ['dave'] },
  { platform: 'snowflake', name: 'finance.invoices', description: 'Bills issued to business customers, one row per invoice.', columns: 'invoice_id invoice_number customer_id issue_date due_date amount_due currency_code invoice_status', tags: ['finance_critical', 'gold'], owners: ['erin'] },
  { platform: 'snowflake', name: 'finance.invoice_lines', description: 'Lines of each invoice with product, quantity and tax.', columns: 'invoice_line_id invoice_id product_id quantity net_amount vat_rate', owners: ['erin'] },
  { platform: 'postgres', name: 'billing.payments', description: 'Card and bank transfer payments received, one row per attempt.', columns: 'payment_id invoice_id amount payment_method card_last4 paid_at payment_status', tags: ['finance_critical'], owners: ['erin'] },
  { platform: 'postgres', name: 'billing.refunds', description: 'Money returned to customers after a cancelled or returned purchase.', columns: 'refund_id payment_id refund_amount reason_code refunded_at', owners: ['erin'] },
  { platform: 'hive', name: 'finance.general_ledger', description: 'Double-entry bookkeeping: every journal entry posted by accounting.', columns: 'entry_id account_code debit credit posting_date fiscal_period', tags: ['finance_critical'], owners: ['frank'], terms: ['Confidential'] },
  { platform: 'bigquery', name: 'finance.revenue_daily', description: 'Recognised revenue per day and product line, used by the board report.', columns: 'revenue_date product_line gross_revenue net_revenue currency', tags: ['gold', 'finance_critical'], owners: ['frank'] },
  { platform: 'snowflake', name: 'finance.exchange_rates', description: 'Foreign currency rates against the euro as published by the central bank.', columns: 'rate_date currency_code rate_to_eur', owners: ['frank'] },
  { platform: 's3', name: 'finance.tax_reports', description: 'Quarterly VAT filings exported as Parquet for the auditors.', columns: 'filing_quarter country vat_due submitted_at', owners: ['frank'] },
  { platform: 'postgres', name: 'hr.employees', description: 'Everyone employed by the company, current and former.', columns: 'employee_id full_name work_email job_title department_id manager_id hire_date termination_date', tags: ['pii', 'gdpr'], owners: ['grace'] },
  { platform: 'hive', name: 'hr.payroll', description: 'Monthly salary payments per employee, with bonuses and deductions.', columns: 'employee_id pay_period gross_salary bonus tax_withheld net_pay bank_iban', tags: ['pii', 'finance_critical'], owners: ['grace', 'frank'], terms: ['Confidential'] },
  { platform: 'hive', name: 'hr.payroll', origin: 'DEV', description: 'Development copy of the monthly salary payments with made-up people.', columns: 'employee_id pay_period gross_salary bonus net_pay', owners: ['@data-eng'] },
  { platform: 'postgres', name: 'hr.departments', description: 'Organisation chart: departments and their cost centres.', columns: 'department_id department_name cost_center head_employee_id', owners: ['grace'] },
  { platform: 'hive', name: 'hr.timesheets', description: 'Hours worked per person per day, submitted weekly.', columns: 'employee_id work_date hours_worked project_code approved_by', owners: ['grace'] },
  { platform: 'snowflake', name: 'hr.recruiting_candidates', description: 'Job applicants and the hiring stage they reached.', columns: 'candidateId fullName appliedAt position stage referralSource', owners: ['grace'] },
  { platform: 'kafka', name: 'logistics.shipments', description: 'An event for every parcel handed over to a carrier, streamed from the warehouse.', columns: 'shipment_id order_id carrier tracking_number shipped_at destination.city destination.postal_code', owners: ['henry'] },
  { platform: 'kafka', name: 'logistics.shipment_status_updates', description: 'Carrier status changes: in transit, delivered, returned.', columns: 'shipmentId statusCode eventTime location', owners: ['henry'] },
  { platform: 'postgres', name: 'logistics.warehouses', description: 'Our storage sites with address and capacity in pallets.', columns: 'warehouse_id warehouse_name address.city capacity_pallets', owners: ['henry'] },
  { platform: 'snowflake', name: 'logistics.inventory_levels', description: 'Stock on hand per product and site, snapshot every night.', columns: 'product_id warehouse_id quantity_on_hand reorder_point snapshot_date', owners: ['henry'] },
  { platform: 'bigquery', name: 'logistics.delivery_times', description: 'Days from purchase to arrival per carrier and region.', columns: 'carrier region order_date delivered_date delivery_days', owners: ['henry'] },
  { platform: 'postgres', name: 'logistics.carriers', description: 'Shipping companies we work with and their service levels.', columns: 'carrier_id carrier_name service_level contact_phone', owners: ['henry'] },
  { platform: 'kafka', name: 'web.clickstream', description: 'Raw page view and click events from the website and the app.', columns: 'event_id session_id user_id page_url referrer event_type event_timestamp device.os device.browser', owners: ['ivan'] },
  { platform: 'bigquery', name: 'web.sessions', description: 'Visits to the website, one row per visit, built from the click events.', columns: 'session_id user_id started_at ended_at page_count landing_page utm_source', owners: ['ivan'] },
  { platform: 'bigquery', name: 'web.sessions', origin: 'DEV', description: 'Sampled visits for testing the visit model.', columns: 'session_id user_id started_at ended_at', owners: ['ivan'] },
  { platform: 'bigquery', name: 'web.page_views', description: 'Views per URL and day.', columns: 'view_date page_url views unique_visitors', owners: ['ivan'] },
  { platform: 's3', name: 'web.raw_clickstream', description: 'Hourly dumps of the click events topic, kept for replay.', columns: 'event_id payload received_at', owners: ['ivan'] },
  { platform: 'snowflake', name: 'web.search_queries', description: 'What visitors typed into the site search box and what they clicked.', columns: 'queryText resultsCount clickedProductId searchedAt sessionId', owners: ['ivan'] },
  { platform: 'postgres', name: 'catalog.products', description: 'Products for sale with category, brand and list price.', columns: 'product_id sku product_name category brand list_price is_active', owners: ['bob'] },
  { platform: 'postgres', name: 'catalog.product_reviews', description: 'Star ratings and texts written by buyers about products.', columns: 'review_id product_id customer_id rating review_text reviewed_at', owners: ['bob'] },
  { platform: 'snowflake', name: 'catalog.price_history', description: 'Every change of every product price.', columns: 'product_id old_price new_price changed_at', owners: ['bob'] },
  { platform: 'postgres', name: 'support.tickets', description: 'Help desk requests with priority and time to resolution.', columns: 'ticket_id customer_id subject priority opened_at resolved_at agent_id', owners: ['carol'] },
  { platform: 'bigquery', name: 'support.nps_survey_responses', description: 'Net promoter score answers collected after delivery.', columns: 'response_id customer_id score comment answered_at', owners: ['carol'] },
  { platform: 's3', name: 'datalake.shop_exports', description: 'Nightly export of the shop database orders table, untouched.', columns: 'export_file payload_json exported_at', tags: ['raw'], owners: ['@data-eng'] },
  { platform: 's3', name: 'datalake.ml_features', description: 'Feature vectors for the churn prediction model.', columns: 'customer_id feature_vector computed_at', owners: ['@data-eng'] },
  { platform: 'hive', name: 'analytics.customer_churn', description: 'Monthly likelihood that a buyer stops buying, scored by the model.', columns: 'customer_id churn_probability scored_month', owners: ['dave'] },
  { platform: 'hive', name: 'analytics.kpi_dashboard', description: 'Figures behind the executive dashboard: orders, revenue, sessions and payroll cost per month.', columns: 'month orders_count revenue sessions_count payroll_cost', tags: ['gold'], owners: ['frank'] },
  { platform: 'hive', name: 'legacy.tbl_ord_2019', description: 'Old order table of the 2019 shop, kept for audits.', columns: 'ord_no cust_no ord_dt amt', tags: ['deprecated'], owners: ['@data-eng'] },
  { platform: 'postgres', name: 'ops.table_sizes', description: 'Bytes and row counts of every warehouse relation, collected nightly.', columns: 'schema_name relation_name row_count size_bytes measured_at', owners: ['@data-eng'] },
];

/** Filler: table stems with their columns; no stem, column or schema here is a word the judged queries look for. */
const STEMS: [string, string][] = [
  ['sensor_readings', 'device_id reading_value unit recorded_at firmware_version'],
  ['device_registry', 'device_id model serial firmware_version installed_at site_code'],
  ['supplier_contracts', 'contract_id supplier_id signed_on valid_until terms_url'],
  ['suppliers', 'supplier_id supplier_name country vat_id onboarding_state'],
  ['purchase_requests', 'request_id requested_by approved budget_code requested_on'],
  ['fraud_scores', 'account_id score model_version scored_on reason_codes'],
  ['risk_limits', 'account_id limit_eur utilisation reviewed_on'],
  ['leads', 'leadId companyName industry createdOn stage ownerId'],
  ['opportunities', 'opportunityId leadId amountEur closeOn stage probabilityPct'],
  ['ad_impressions', 'impression_id creative_id placement shown_on viewer_region'],
  ['creatives', 'creative_id headline format approved_on'],
  ['model_runs', 'run_id model_name started_on finished_on accuracy'],
  ['feature_store', 'entity_key feature_name feature_value computed_on'],
  ['access_logs', 'request_id principal action resource outcome logged_on'],
  ['audit_trail', 'trail_id actor verb object_ref happened_on'],
  ['job_runs', 'job_id job_name run_state started_on duration_ms'],
  ['cluster_metrics', 'host cpu_pct memory_pct disk_pct sampled_on'],
  ['partners', 'partner_id partner_name region tier since'],
  ['affiliate_clicks', 'affiliateId landingUrl clickedOn cookieId'],
  ['loyalty_points', 'member_id points_balance points_earned points_spent updated_on'],
  ['gift_cards', 'card_code balance issued_on expires_on'],
  ['store_visits', 'store_id visitor_count weekday hour'],
  ['stores', 'store_id store_name region opened_on floor_area_m2'],
  ['energy_usage', 'site_code kwh measured_on tariff'],
  ['translations', 'string_key locale translated_text reviewed'],
  ['feature_flags', 'flag_key enabled rollout_pct changed_on changed_by'],
  ['experiments', 'experimentId hypothesis metric startedOn status'],
  ['consents', 'subject_id purpose granted_on withdrawn_on'],
  ['app_installs', 'install_id app_version os_name installed_on store_country'],
  ['push_notifications', 'notification_id campaign_key sent_on opened'],
];
const SCHEMAS = ['sales', 'marketing', 'finance', 'hr', 'logistics', 'web', 'procurement', 'risk', 'crm', 'ads', 'iot', 'ml', 'security', 'platform', 'partners', 'retail'];
const PLATFORMS = ['hive', 'snowflake', 'postgres', 'kafka', 'bigquery', 's3'];
const SUFFIXES = ['', '', '', '_daily', '_snapshot', '_stg', '_agg', '_v2'];
const CADENCES = ['every hour', 'nightly', 'once a week', 'on every change'];
/** Other tables' names in filler descriptions: the confusion a real catalog has. */
const MENTIONS = [...Array<string>(20).fill(''), ' Joined with orders for reporting.', ' Reconciled against invoices monthly.', ' Used next to sessions in dashboards.', ' Feeds the customers view.'];
const FILLER_OWNERS = ['kim', 'lena', 'mario', 'nora', 'omar', 'paul', 'quinn', 'rosa', 'sam', 'tina', '@analytics', '@platform'];
const FILLER_TAGS = [[], [], ['silver'], ['bronze'], ['raw'], ['staging'], ['gold']];
export const FILLER_COUNT = 352;

/** A small seeded generator (mulberry32): the same catalog on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fillerSpecs(): Spec[] {
  const next = prng(20240611);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const seen = new Set(CORE.map((s) => `${s.platform},${s.name}`));
  const out: Spec[] = [];
  while (out.length < FILLER_COUNT) {
    const [stem, cols] = pick(STEMS);
    const platform = pick(PLATFORMS);
    const name = `${pick(SCHEMAS)}.${stem}${pick(SUFFIXES)}`;
    if (seen.has(`${platform},${name}`)) continue;
    seen.add(`${platform},${name}`);
    const all = cols.split(' ');
    const columns = all.slice(0, Math.max(3, Math.ceil(next() * all.length))).concat(next() < 0.5 ? ['created_at', 'updated_at'] : []);
    const words = stem.replace(/_/g, ' ');
    const description = `${words[0].toUpperCase()}${words.slice(1)} from the ${name.split('.')[0]} systems, loaded ${pick(CADENCES)}.${pick(MENTIONS)}`;
    out.push({ platform, name, description, columns: columns.join(' '), tags: pick(FILLER_TAGS), owners: [pick(FILLER_OWNERS)] });
  }
  return out;
}

function nativeType(path: string): [string, string] {
  const leaf = path.split('.').pop()!;
  const last = leaf.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().split('_').pop()!;
  if (/^(at|on|date|dt|timestamp|time|month)$/.test(last)) return ['timestamp', 'DateType'];
  if (/^(amount|amt|price|total|revenue|salary|cost|usd|eur|rate|count|quantity|score|pct|days|bytes|balance|debit|credit|bonus|pay|kwh|views|clicks|pallets|value|points)$/.test(last)) return ['decimal(18,2)', 'NumberType'];
  if (/^(is|enabled|approved|opened|reviewed|in)$/.test(last) || leaf.startsWith('is_')) return ['boolean', 'BooleanType'];
  return ['varchar', 'StringType'];
}

function toDataset(s: Spec): JudgedDataset {
  const [schema, table] = s.name.split('.');
  const platform = `urn:li:dataPlatform:${s.platform}`;
  // Connectors name datasets differently: hive and kafka by their dotted name, the others by the table with a qualified name.
  const dotted = s.platform === 'hive' || s.platform === 'kafka';
  const fields = s.columns.split(' ').map((fieldPath) => {
    const [nativeDataType, kind] = nativeType(fieldPath);
    return { fieldPath, nativeDataType, type: { type: { [`com.linkedin.schema.${kind}`]: {} } } };
  });
  const aspects: Record<string, unknown> = {
    datasetProperties: { name: dotted ? s.name : table, ...(dotted ? {} : { qualifiedName: `${schema}.${table}` }), description: s.description },
    schemaMetadata: { schemaName: s.name, platform, version: 0, hash: '', platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } }, fields },
  };
  if (s.tags?.length) aspects.globalTags = { tags: s.tags.map((t) => ({ tag: `urn:li:tag:${t}` })) };
  if (s.owners?.length) aspects.ownership = { owners: s.owners.map((o) => ({ owner: user(o), type: 'TECHNICAL_OWNER' })) };
  if (s.terms?.length) aspects.glossaryTerms = { terms: s.terms.map((t) => ({ urn: `urn:li:glossaryTerm:${t}` })), auditStamp: STAMP };
  return { urn: datasetUrn(s.platform, s.name, s.origin), aspects };
}

/** The whole catalog, core first; the same list on every call. */
export function judgedCatalog(): JudgedDataset[] {
  return [...CORE, ...fillerSpecs()].map(toDataset);
}

const BATCH = 100;

async function postOk(post: Post, path: string, body: unknown): Promise<void> {
  const r = await post(path, body);
  if (r.status < 200 || r.status >= 300) throw new Error(`POST ${path} → ${r.status}: ${r.text.slice(0, 400)}`);
}

/** Writes tags, glossary terms and datasets with REST v3 batch POSTs; answers once every write is searchable. */
export async function seedJudgedCatalog(post: Post): Promise<number> {
  const q = '?async=false&waitForSearch=true';
  await postOk(post, `/openapi/v3/entity/tag${q}`, TAGS.map((t) => ({ urn: `urn:li:tag:${t}`, tagProperties: { value: { name: t } } })));
  const terms = Object.entries(TERMS).map(([id, name]) => ({ urn: `urn:li:glossaryTerm:${id}`, glossaryTermInfo: { value: { name, definition: name, termSource: 'INTERNAL' } } }));
  await postOk(post, `/openapi/v3/entity/glossaryTerm${q}`, terms);
  const catalog = judgedCatalog();
  for (let i = 0; i < catalog.length; i += BATCH) {
    const items = catalog.slice(i, i + BATCH).map((d) => ({ urn: d.urn, ...Object.fromEntries(Object.entries(d.aspects).map(([k, v]) => [k, { value: v }])) }));
    await postOk(post, `/openapi/v3/entity/dataset${q}`, items);
  }
  return catalog.length;
}
