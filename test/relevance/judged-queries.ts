/**
 * The judged query set over the judged catalog: what a person types and which datasets they mean by it. Judged by
 * meaning, not by what any engine does; the relevant sets are small, order does not matter within one.
 */
import { datasetUrn } from './judged-catalog.js';

export type Category = 'name' | 'name word' | 'dotted name' | 'prefix' | 'column' | 'description' | 'tag or term' | 'typo' | 'multi-word' | 'field';

export interface JudgedQuery {
  query: string;
  relevant: string[];
  category: Category;
  note: string;
}

const hive = (n: string) => datasetUrn('hive', n);
const sf = (n: string) => datasetUrn('snowflake', n);
const pg = (n: string) => datasetUrn('postgres', n);
const kafka = (n: string) => datasetUrn('kafka', n);
const bq = (n: string) => datasetUrn('bigquery', n);
const s3 = (n: string) => datasetUrn('s3', n);

const ORDERS = [hive('sales.orders'), sf('sales.orders')];
const CUSTOMERS = [sf('sales.customers'), pg('shop.customers')];
const PAYROLL = [hive('hr.payroll'), datasetUrn('hive', 'hr.payroll', 'DEV')];
const SESSIONS = [bq('web.sessions'), datasetUrn('bigquery', 'web.sessions', 'DEV')];
const CLICKSTREAM = [kafka('web.clickstream'), s3('web.raw_clickstream')];
const INVOICES = sf('finance.invoices');
const PAYMENTS = pg('billing.payments');
const SHIPMENTS = kafka('logistics.shipments');
const EMPLOYEES = pg('hr.employees');
const EMAIL = [sf('sales.customers'), pg('shop.customers'), bq('marketing.newsletter_subscribers'), EMPLOYEES];
const PII = [sf('sales.customers'), pg('shop.customers'), bq('marketing.newsletter_subscribers'), EMPLOYEES, hive('hr.payroll')];
const ORDER_TABLES = [...ORDERS, hive('sales.orders_archive'), sf('sales.order_items'), pg('shop.customer_orders')];
/** Every dataset with an order id column. */
const ORDER_ID = [...ORDER_TABLES, SHIPMENTS];
/** Names with a word starting `ord`: the order tables and the legacy tbl_ord_2019. */
const ORD_NAMES = [...ORDER_TABLES, hive('legacy.tbl_ord_2019')];

export const JUDGED_QUERIES: JudgedQuery[] = [
  // A table's whole name.
  { query: 'payroll', relevant: PAYROLL, category: 'name', note: 'the payroll table, production or development copy' },
  { query: 'invoices', relevant: [INVOICES], category: 'name', note: 'not invoice_lines, whose name only shares a stem' },
  { query: 'clickstream', relevant: CLICKSTREAM, category: 'name', note: 'the topic and its raw dump' },
  { query: 'shipments', relevant: [SHIPMENTS], category: 'name', note: 'not shipment_status_updates' },
  { query: 'general_ledger', relevant: [hive('finance.general_ledger')], category: 'name', note: 'snake_case name typed as stored' },
  { query: 'customer_segments', relevant: [bq('marketing.customer_segments')], category: 'name', note: 'snake_case name' },
  { query: 'order_items', relevant: [sf('sales.order_items')], category: 'name', note: 'not the orders tables' },
  { query: 'orders_archive', relevant: [hive('sales.orders_archive')], category: 'name', note: 'the archive, not orders' },
  { query: 'tickets', relevant: [pg('support.tickets')], category: 'name', note: 'support tickets' },
  { query: 'warehouses', relevant: [pg('logistics.warehouses')], category: 'name', note: 'not tables with a warehouse_id column' },
  { query: 'employees', relevant: [EMPLOYEES], category: 'name', note: 'not payroll, whose columns say employee' },
  { query: 'refunds', relevant: [pg('billing.refunds')], category: 'name', note: 'billing refunds' },
  // A word of a name.
  { query: 'orders', relevant: ORDERS, category: 'name word', note: 'the two orders tables; archive and items rank below' },
  { query: 'ledger', relevant: [hive('finance.general_ledger')], category: 'name word', note: 'second word of general_ledger' },
  { query: 'segments', relevant: [bq('marketing.customer_segments')], category: 'name word', note: 'second word of customer_segments' },
  { query: 'reviews', relevant: [pg('catalog.product_reviews')], category: 'name word', note: 'product reviews' },
  { query: 'rates', relevant: [sf('finance.exchange_rates')], category: 'name word', note: 'exchange rates, not the vat_rate column' },
  { query: 'candidates', relevant: [sf('hr.recruiting_candidates')], category: 'name word', note: 'recruiting candidates' },
  { query: 'customers', relevant: CUSTOMERS, category: 'name word', note: 'the two customers tables, not customer_orders' },
  // Dotted names (schema.table), as in the URN.
  { query: 'sales.orders', relevant: ORDERS, category: 'dotted name', note: 'both platforms hold sales.orders; not orders_archive' },
  { query: 'hr.payroll', relevant: PAYROLL, category: 'dotted name', note: 'schema and table' },
  { query: 'finance.invoices', relevant: [INVOICES], category: 'dotted name', note: 'schema and table' },
  { query: 'shop.customers', relevant: [pg('shop.customers')], category: 'dotted name', note: 'the shop one, not sales.customers' },
  { query: 'logistics.shipments', relevant: [SHIPMENTS], category: 'dotted name', note: 'schema and table' },
  { query: 'web.sessions', relevant: SESSIONS, category: 'dotted name', note: 'production and development copy' },
  // Prefixes: explicit wildcards, and words cut short while typing.
  { query: 'ord*', relevant: ORD_NAMES, category: 'prefix', note: 'names with a word starting ord, the legacy tbl_ord_2019 too' },
  { query: 'invoi*', relevant: [INVOICES, sf('finance.invoice_lines')], category: 'prefix', note: 'invoices and invoice_lines' },
  { query: 'invoi', relevant: [INVOICES, sf('finance.invoice_lines')], category: 'prefix', note: 'typed while typing' },
  { query: 'payro', relevant: PAYROLL, category: 'prefix', note: 'typed while typing' },
  { query: 'warehou', relevant: [pg('logistics.warehouses')], category: 'prefix', note: 'typed while typing; the name starts with it' },
  { query: 'newslett', relevant: [bq('marketing.newsletter_subscribers')], category: 'prefix', note: 'typed while typing' },
  { query: 'clickst', relevant: CLICKSTREAM, category: 'prefix', note: 'typed while typing; raw_clickstream has the word too' },
  // Column paths, in any case convention.
  { query: 'email', relevant: EMAIL, category: 'column', note: 'customer_email, email, emailAddress, work_email' },
  { query: 'orderId', relevant: ORDER_ID, category: 'column', note: 'camelCase query: every order_id / orderId column (six tables)' },
  { query: 'shipping city', relevant: [hive('sales.orders')], category: 'column', note: 'shipping_address.city' },
  { query: 'iban', relevant: [hive('hr.payroll')], category: 'column', note: 'bank_iban; the development copy has none' },
  { query: 'trackingNumber', relevant: [SHIPMENTS], category: 'column', note: 'camelCase query, tracking_number column' },
  { query: 'vat rate', relevant: [sf('finance.invoice_lines')], category: 'column', note: 'vat_rate' },
  { query: 'hire date', relevant: [EMPLOYEES], category: 'column', note: 'hire_date' },
  { query: 'utm source', relevant: [bq('web.sessions')], category: 'column', note: 'utm_source (production only)' },
  { query: 'clickedProductId', relevant: [sf('web.search_queries')], category: 'column', note: 'exact camelCase column' },
  // Words only a description has.
  { query: 'parcel', relevant: [SHIPMENTS], category: 'description', note: '"every parcel handed over to a carrier"' },
  { query: 'bookkeeping', relevant: [hive('finance.general_ledger')], category: 'description', note: '"double-entry bookkeeping"' },
  { query: 'auditors', relevant: [s3('finance.tax_reports')], category: 'description', note: '"for the auditors"' },
  { query: 'applicants', relevant: [sf('hr.recruiting_candidates')], category: 'description', note: '"job applicants"' },
  { query: 'central bank', relevant: [sf('finance.exchange_rates')], category: 'description', note: 'two description words' },
  { query: 'promoter score', relevant: [bq('support.nps_survey_responses')], category: 'description', note: '"net promoter score"' },
  { query: 'replay', relevant: [s3('web.raw_clickstream')], category: 'description', note: '"kept for replay"' },
  // Tag and glossary term names.
  { query: 'pii', relevant: PII, category: 'tag or term', note: 'tag pii' },
  { query: 'gdpr', relevant: [sf('sales.customers'), bq('marketing.newsletter_subscribers'), EMPLOYEES], category: 'tag or term', note: 'tag gdpr' },
  { query: 'confidential', relevant: [hive('finance.general_ledger'), hive('hr.payroll')], category: 'tag or term', note: 'glossary term Confidential' },
  { query: 'lifetime value', relevant: [bq('marketing.customer_segments')], category: 'tag or term', note: 'glossary term Customer Lifetime Value' },
  // Typos: one edit on a word of four letters or more.
  { query: 'tabel', relevant: [pg('ops.table_sizes')], category: 'typo', note: 'table' },
  { query: 'ordrs', relevant: ORDERS, category: 'typo', note: 'orders' },
  { query: 'custmers', relevant: CUSTOMERS, category: 'typo', note: 'customers' },
  { query: 'invocies', relevant: [INVOICES], category: 'typo', note: 'invoices, two letters swapped' },
  { query: 'paymnets', relevant: [PAYMENTS], category: 'typo', note: 'payments, two letters swapped' },
  { query: 'shipmnts', relevant: [SHIPMENTS], category: 'typo', note: 'shipments' },
  { query: 'emploees', relevant: [EMPLOYEES], category: 'typo', note: 'employees' },
  { query: 'payrol', relevant: PAYROLL, category: 'typo', note: 'payroll (also a prefix)' },
  { query: 'clikstream', relevant: CLICKSTREAM, category: 'typo', note: 'clickstream' },
  { query: 'sesions', relevant: SESSIONS, category: 'typo', note: 'sessions' },
  // Several words.
  { query: 'customer orders', relevant: [pg('shop.customer_orders')], category: 'multi-word', note: 'the customer_orders view' },
  { query: 'daily revenue', relevant: [bq('finance.revenue_daily')], category: 'multi-word', note: 'words of revenue_daily, other order' },
  { query: 'support tickets', relevant: [pg('support.tickets')], category: 'multi-word', note: 'schema and table words' },
  { query: 'ad spend', relevant: [sf('marketing.ad_spend')], category: 'multi-word', note: 'short words of ad_spend' },
  { query: 'price history', relevant: [sf('catalog.price_history')], category: 'multi-word', note: 'words of price_history' },
  { query: 'delivery times carrier', relevant: [bq('logistics.delivery_times')], category: 'multi-word', note: 'name words and a column' },
  { query: 'inventory levels', relevant: [sf('logistics.inventory_levels')], category: 'multi-word', note: 'words of inventory_levels' },
  // Field queries with everyday names.
  { query: 'platform:hive orders', relevant: [hive('sales.orders')], category: 'field', note: 'orders on hive' },
  { query: 'platform:kafka shipments', relevant: [SHIPMENTS], category: 'field', note: 'the shipments topic' },
  { query: 'platform:postgres customers', relevant: [pg('shop.customers')], category: 'field', note: 'customers on postgres' },
  { query: 'tags:pii', relevant: PII, category: 'field', note: 'tagged pii' },
  { query: 'tag:gdpr', relevant: [sf('sales.customers'), bq('marketing.newsletter_subscribers'), EMPLOYEES], category: 'field', note: 'tagged gdpr' },
  { query: 'column:email', relevant: EMAIL, category: 'field', note: 'any column with the word email' },
  { query: 'column:iban', relevant: [hive('hr.payroll')], category: 'field', note: 'bank_iban' },
  { query: 'owners:alice', relevant: [hive('sales.orders'), hive('sales.orders_archive'), sf('sales.customers')], category: 'field', note: 'owner id' },
  { query: 'owners:"urn:li:corpuser:grace"', relevant: [EMPLOYEES, hive('hr.payroll'), pg('hr.departments'), hive('hr.timesheets'), sf('hr.recruiting_candidates')], category: 'field', note: 'owner URN' },
  { query: 'name:ord*', relevant: ORD_NAMES, category: 'field', note: 'a name word starting ord' },
  { query: 'name:"sales.orders"', relevant: ORDERS, category: 'field', note: 'the phrase sales.orders' },
  { query: 'description:auditors', relevant: [s3('finance.tax_reports')], category: 'field', note: 'a description word' },
  { query: 'origin:PROD payroll', relevant: [hive('hr.payroll')], category: 'field', note: 'the production payroll only' },
  { query: 'platform:bigquery sessions', relevant: SESSIONS, category: 'field', note: 'web.sessions on bigquery' },
];
