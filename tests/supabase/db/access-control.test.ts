/**
 * Who may read and write what, proven through the same role switch the REST layer makes. Every table
 * gets probes as anon, shopper A, shopper B, a manager and an admin. A probe
 * "allows" when it returns or changes the target row, and "denies" when it gets 42501 or touches
 * nothing; any other error fails the test, so a broken probe cannot pass as a deny.
 *
 * The last block opens each table (RLS off, everything granted) on a second database and runs that
 * table's deny probes again: each must now leak, which proves it was the policy or the grant, not the
 * probe, that denied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDb } from '../../support/test-db'
import {
  act,
  addProduct,
  anon,
  attempt,
  call,
  createUser,
  grantRole,
  orderPayload,
  placeOrder,
  service,
  type Actor,
  type LocalDb,
} from './db-kit'

type Who = 'anon' | 'A' | 'B' | 'manager' | 'admin'
type Verdict = 'allow' | 'deny'

interface Fixtures {
  actors: Record<Who, Actor>
  userC: string
  spareAffiliate: string
  addressA: string
  orderA: string
  affiliateA: string
  paymentA: string
  commissionA: string
  payoutA: string
  contactMessage: string
}

async function buildFixtures(db: LocalDb): Promise<Fixtures> {
  const A = await createUser(db, 'Shopper A', { full_name: 'Achieng Otieno' })
  const B = await createUser(db, 'Shopper B', { full_name: 'Brian Mwangi' })
  const manager = await createUser(db, 'Manager')
  const admin = await createUser(db, 'Admin')
  const C = await createUser(db, 'No Profile')
  const E = await createUser(db, 'Spare Affiliate')
  await grantRole(db, manager, 'manager')
  await grantRole(db, admin, 'admin')
  await db.pg.query('delete from public.profiles where id = $1', [C.id])
  await db.pg.query(
    `insert into public.staff_invitations (email, role, invited_by) values ('invited@example.test', 'manager', $1)`,
    [admin.id],
  )

  await addProduct(db, { id: 'acl-active', price: 2000, stock: 100 })
  await addProduct(db, { id: 'acl-hidden', price: 2000, stock: 100, active: false })
  await addProduct(db, { id: 'acl-sized', price: 2000, stock: 0, sizes: ['S', 'M', 'L'] })
  await addProduct(db, {
    id: 'acl-sized-hidden',
    price: 2000,
    stock: 0,
    sizes: ['S', 'M'],
    active: false,
  })
  await db.pg.query(
    `insert into public.product_sizes (product_id, size, stock)
     values ('acl-sized', 'S', 4), ('acl-sized', 'M', 2), ('acl-sized-hidden', 'S', 5)`,
  )
  await db.pg.query(
    `insert into public.product_photos (product_id, colour, path, width, height)
     values ('acl-active', '', 'acl-active/all/a.jpg', 800, 1000),
            ('acl-hidden', '', 'acl-hidden/all/a.jpg', 800, 1000)`,
  )
  await db.pg.query(
    `insert into public.pickup_points (id, name, county, town, address, active)
     values ('closed-point', 'Closed point', 'Nakuru', 'Nakuru', 'Kenyatta Avenue', false)`,
  )

  await act(
    db,
    A,
    `insert into public.addresses (county, town, street, is_default) values ('Kisumu', 'Kisumu', 'Oginga Odinga St', true)`,
  )
  const addressA = (
    await db.pg.query<{ id: string }>('select id from public.addresses where user_id = $1', [A.id])
  ).rows[0]!.id

  const orderA = await placeOrder(db, A, orderPayload([{ productId: 'acl-active', quantity: 1 }]))
  if (!orderA.value) throw new Error(JSON.stringify(orderA.error))
  const payment = await call<{ paymentId: string }>(
    db,
    service,
    `select public.record_payment_request($1, '0712345678', 'ws_CO_acl_1') as value`,
    [orderA.value.id],
  )

  await act(
    db,
    A,
    `insert into public.affiliates (code, payout_phone) values ('achieng', '0722111222')`,
  )
  const affiliateA = (
    await db.pg.query<{ id: string }>('select id from public.affiliates where user_id = $1', [A.id])
  ).rows[0]!.id
  await call(db, manager, `select public.review_affiliate($1, 'approved') as value`, [affiliateA])

  const orderB = await placeOrder(
    db,
    B,
    orderPayload([{ productId: 'acl-active', quantity: 3 }], {
      affiliateCode: 'achieng',
      paymentMethod: 'cod',
      contact: { name: 'Brian Mwangi', email: 'brian@example.test', phone: '0733444555' },
    }),
  )
  for (const status of ['confirmed', 'dispatched', 'delivered']) {
    await call(db, manager, `select public.set_order_status($1, $2, $3, $4) as value`, [
      orderB.value!.id,
      status,
      'Sendy',
      'SND-20418',
    ])
  }
  const commissionA = (
    await db.pg.query<{ id: string }>('select id from public.commissions where affiliate_id = $1', [
      affiliateA,
    ])
  ).rows[0]!.id
  const payout = await call<{ id: string }>(
    db,
    admin,
    `select public.create_payout($1, 'QK7PAYOUT1') as value`,
    [affiliateA],
  )

  await act(db, E, `insert into public.affiliates (code) values ('spare')`)
  const spareAffiliate = (
    await db.pg.query<{ id: string }>('select id from public.affiliates where user_id = $1', [E.id])
  ).rows[0]!.id

  await act(
    db,
    anon,
    `insert into public.contact_messages (name, email, message) values ('Visitor', 'v@example.test', 'Hello')`,
  )
  const contactMessage = (
    await db.pg.query<{ id: string }>('select id from public.contact_messages limit 1')
  ).rows[0]!.id
  await act(db, anon, `select public.subscribe_newsletter('reader@example.test')`)
  const code = await db.pg.query<{ id: string }>(
    `insert into public.discount_codes (code, kind, value) values ('ACL10', 'percent', 10) returning id`,
  )
  await db.pg.query(
    'insert into public.discount_redemptions (code_id, order_id, amount) values ($1, $2, 1)',
    [code.rows[0]!.id, orderA.value.id],
  )

  return {
    actors: { anon, A, B, manager, admin },
    userC: C.id,
    spareAffiliate,
    addressA,
    orderA: orderA.value.id,
    affiliateA,
    paymentA: payment.value!.paymentId,
    commissionA,
    payoutA: payout.value!.id,
    contactMessage,
  }
}

interface Probe {
  table: string
  what: string
  sql: string
  params?: (f: Fixtures) => unknown[]
  /** read: allowed when a row comes back; write: allowed when a row is changed. */
  kind: 'read' | 'write'
  expect: Record<Who, Verdict>
  /** Denied to anon for lack of an identity, which no grant can supply. */
  identityNeeded?: boolean
}

const everyoneDenied: Record<Who, Verdict> = {
  anon: 'deny',
  A: 'deny',
  B: 'deny',
  manager: 'deny',
  admin: 'deny',
}
const onlyOwner: Record<Who, Verdict> = { ...everyoneDenied, A: 'allow' }
const ownerAndStaff: Record<Who, Verdict> = {
  ...everyoneDenied,
  A: 'allow',
  manager: 'allow',
  admin: 'allow',
}
const staffOnly: Record<Who, Verdict> = { ...everyoneDenied, manager: 'allow', admin: 'allow' }
const adminOnly: Record<Who, Verdict> = { ...everyoneDenied, admin: 'allow' }
const everyone: Record<Who, Verdict> = {
  anon: 'allow',
  A: 'allow',
  B: 'allow',
  manager: 'allow',
  admin: 'allow',
}
const signedIn: Record<Who, Verdict> = { ...everyone, anon: 'deny' }

const probes: Probe[] = [
  // profiles
  {
    table: 'profiles',
    what: "read A's profile",
    kind: 'read',
    sql: 'select id from public.profiles where id = $1',
    params: (f) => [f.actors.A.id],
    expect: ownerAndStaff,
  },
  {
    table: 'profiles',
    what: "rename A's profile",
    kind: 'write',
    sql: "update public.profiles set full_name = 'Changed' where id = $1",
    params: (f) => [f.actors.A.id],
    expect: onlyOwner,
  },
  {
    table: 'profiles',
    what: "delete A's profile",
    kind: 'write',
    sql: 'delete from public.profiles where id = $1',
    params: (f) => [f.actors.A.id],
    expect: everyoneDenied,
  },
  {
    table: 'profiles',
    what: 'create a profile for another user',
    kind: 'write',
    sql: "insert into public.profiles (id, full_name) values ($1, 'Forged')",
    params: (f) => [f.userC],
    expect: everyoneDenied,
  },
  // addresses
  {
    table: 'addresses',
    what: "read A's address",
    kind: 'read',
    sql: 'select id from public.addresses where id = $1',
    params: (f) => [f.addressA],
    expect: onlyOwner,
  },
  {
    table: 'addresses',
    what: "edit A's address",
    kind: 'write',
    sql: "update public.addresses set street = 'Moved' where id = $1",
    params: (f) => [f.addressA],
    expect: onlyOwner,
  },
  {
    table: 'addresses',
    what: "delete A's address",
    kind: 'write',
    sql: 'delete from public.addresses where id = $1',
    params: (f) => [f.addressA],
    expect: onlyOwner,
  },
  {
    table: 'addresses',
    what: "add an address to A's account",
    kind: 'write',
    sql: "insert into public.addresses (user_id, county, town, street) values ($1, 'Nairobi', 'Karen', 'Forged')",
    params: (f) => [f.actors.A.id],
    expect: everyoneDenied,
  },
  // anon has no account: opening the table cannot let this through (user_id would be null).
  {
    table: 'addresses',
    what: "add an address to one's own account",
    kind: 'write',
    sql: "insert into public.addresses (county, town, street) values ('Mombasa', 'Nyali', 'Links Rd')",
    expect: signedIn,
    identityNeeded: true,
  },
  // user_roles
  {
    table: 'user_roles',
    what: "read the manager's role",
    kind: 'read',
    sql: 'select role from public.user_roles where user_id = $1',
    params: (f) => [f.actors.manager.id],
    expect: { ...everyoneDenied, manager: 'allow', admin: 'allow' },
  },
  {
    table: 'user_roles',
    what: 'make shopper A an admin',
    kind: 'write',
    sql: "insert into public.user_roles (user_id, role) values ($1, 'admin')",
    params: (f) => [f.actors.A.id],
    expect: adminOnly,
  },
  {
    table: 'user_roles',
    what: "revoke the manager's role",
    kind: 'write',
    sql: 'delete from public.user_roles where user_id = $1',
    params: (f) => [f.actors.manager.id],
    expect: adminOnly,
  },
  {
    table: 'user_roles',
    what: 'promote the manager to admin in place',
    kind: 'write',
    sql: "update public.user_roles set role = 'admin' where user_id = $1",
    params: (f) => [f.actors.manager.id],
    expect: everyoneDenied,
  },
  // audit_log
  {
    table: 'audit_log',
    what: 'read the audit trail',
    kind: 'read',
    sql: 'select id from public.audit_log',
    params: () => [],
    expect: adminOnly,
  },
  // Rewriting or deleting audit rows is refused by a trigger, not by RLS (so the check below that
  // switches RLS off does not apply): tests/supabase/admin/audit-trail.test.ts proves it.
  // staff_invitations
  {
    table: 'staff_invitations',
    what: 'read the open invitations',
    kind: 'read',
    sql: 'select id from public.staff_invitations',
    params: () => [],
    expect: adminOnly,
  },
  // orders
  {
    table: 'orders',
    what: "read A's order",
    kind: 'read',
    sql: 'select id from public.orders where id = $1',
    params: (f) => [f.orderA],
    expect: ownerAndStaff,
  },
  {
    table: 'orders',
    what: "set A's order to delivered",
    kind: 'write',
    sql: "update public.orders set status = 'delivered' where id = $1",
    params: (f) => [f.orderA],
    expect: everyoneDenied,
  },
  {
    table: 'orders',
    what: "set A's order total to 1",
    kind: 'write',
    sql: 'update public.orders set subtotal = 1, discount_total = 0, delivery_fee = 0, total = 1 where id = $1',
    params: (f) => [f.orderA],
    expect: everyoneDenied,
  },
  {
    table: 'orders',
    what: "mark A's order paid",
    kind: 'write',
    sql: "update public.orders set payment_status = 'paid' where id = $1",
    params: (f) => [f.orderA],
    expect: everyoneDenied,
  },
  {
    table: 'orders',
    what: "attach an affiliate to A's order",
    kind: 'write',
    sql: 'update public.orders set affiliate_id = $2 where id = $1',
    params: (f) => [f.orderA, f.affiliateA],
    expect: everyoneDenied,
  },
  {
    table: 'orders',
    what: "delete A's order",
    kind: 'write',
    sql: 'delete from public.orders where id = $1',
    params: (f) => [f.orderA],
    expect: everyoneDenied,
  },
  {
    table: 'orders',
    what: "insert an order with A's user_id",
    kind: 'write',
    sql: "insert into public.orders (client_order_id, request_hash, user_id, customer_name, email, phone, delivery_method, pickup_point, subtotal, total, payment_method) values (gen_random_uuid(), 'forged', $1, 'Forged', 'f@example.test', '254712345678', 'pickup', 'hub-karen', 1, 1, 'cod')",
    params: (f) => [f.actors.A.id],
    expect: everyoneDenied,
  },
  // order_items
  {
    table: 'order_items',
    what: "read A's order lines",
    kind: 'read',
    sql: 'select id from public.order_items where order_id = $1',
    params: (f) => [f.orderA],
    expect: ownerAndStaff,
  },
  {
    table: 'order_items',
    what: "change the price of A's line",
    kind: 'write',
    sql: 'update public.order_items set unit_price = 1, discounted_unit_price = 1, line_total = quantity where order_id = $1',
    params: (f) => [f.orderA],
    expect: everyoneDenied,
  },
  // payments
  {
    table: 'payments',
    what: "read A's payment",
    kind: 'read',
    sql: 'select id from public.payments where id = $1',
    params: (f) => [f.paymentA],
    expect: ownerAndStaff,
  },
  {
    table: 'payments',
    what: "mark A's payment paid",
    kind: 'write',
    sql: "update public.payments set status = 'paid' where id = $1",
    params: (f) => [f.paymentA],
    expect: everyoneDenied,
  },
  {
    table: 'payments',
    what: "record a payment on A's order",
    kind: 'write',
    sql: "insert into public.payments (order_id, provider, amount, status) values ($1, 'cod', 1, 'paid')",
    params: (f) => [f.orderA],
    expect: everyoneDenied,
  },
  // card webhook events: only the card webhook (service role, through record_card_result) writes them
  {
    table: 'card_webhook_events',
    what: "log a forged card event against A's payment",
    kind: 'write',
    sql: "insert into public.card_webhook_events (event_id, payment_id, outcome) values ('evt_forged', $1, 'paid')",
    params: (f) => [f.paymentA],
    expect: everyoneDenied,
  },
  // refunds: only refund_order() writes them
  {
    table: 'refunds',
    what: "record a refund on A's order",
    kind: 'write',
    sql: "insert into public.refunds (order_id, amount, reason, method, channel, reference, status) values ($1, 1, 'free money', 'cod', 'manual', 'X1234', 'completed')",
    params: (f) => [f.orderA],
    expect: everyoneDenied,
  },
  // affiliates
  {
    table: 'affiliates',
    what: "read A's affiliate record",
    kind: 'read',
    sql: 'select id from public.affiliates where id = $1',
    params: (f) => [f.affiliateA],
    expect: ownerAndStaff,
  },
  {
    table: 'affiliates',
    what: "raise A's commission rate",
    kind: 'write',
    sql: 'update public.affiliates set commission_percent = 50 where id = $1',
    params: (f) => [f.affiliateA],
    expect: everyoneDenied,
  },
  {
    table: 'affiliates',
    what: "change A's payout phone",
    kind: 'write',
    sql: "update public.affiliates set payout_phone = '254700999888' where id = $1",
    params: (f) => [f.affiliateA],
    expect: onlyOwner,
  },
  {
    table: 'affiliates',
    what: 'apply as an affiliate for another user',
    kind: 'write',
    sql: "insert into public.affiliates (user_id, code) values ($1, 'forged-code')",
    params: (f) => [f.userC],
    expect: everyoneDenied,
  },
  {
    table: 'affiliates',
    what: 'delete an affiliate record',
    kind: 'write',
    sql: 'delete from public.affiliates where id = $1',
    params: (f) => [f.spareAffiliate],
    expect: everyoneDenied,
  },
  // commissions
  {
    table: 'commissions',
    what: "read A's commission",
    kind: 'read',
    sql: 'select id from public.commissions where id = $1',
    params: (f) => [f.commissionA],
    expect: ownerAndStaff,
  },
  {
    table: 'commissions',
    what: "raise A's commission",
    kind: 'write',
    sql: 'update public.commissions set amount = amount * 10 where id = $1',
    params: (f) => [f.commissionA],
    expect: everyoneDenied,
  },
  // payouts
  {
    table: 'payouts',
    what: "read A's payout",
    kind: 'read',
    sql: 'select id from public.payouts where id = $1',
    params: (f) => [f.payoutA],
    expect: { ...everyoneDenied, A: 'allow', admin: 'allow' },
  },
  {
    table: 'payouts',
    what: 'record a payout to A',
    kind: 'write',
    sql: "insert into public.payouts (affiliate_id, amount, status) values ($1, 5000, 'pending')",
    params: (f) => [f.affiliateA],
    expect: adminOnly,
  },
  {
    table: 'payouts',
    what: "edit A's payout",
    kind: 'write',
    sql: "update public.payouts set note = 'edited' where id = $1",
    params: (f) => [f.payoutA],
    expect: adminOnly,
  },
  {
    table: 'payouts',
    what: "delete A's payout",
    kind: 'write',
    sql: 'delete from public.payouts where id = $1',
    params: (f) => [f.payoutA],
    expect: everyoneDenied,
  },
  // products
  {
    table: 'products',
    what: 'read an active product',
    kind: 'read',
    sql: "select id from public.products where id = 'acl-active'",
    expect: everyone,
  },
  {
    table: 'products',
    what: 'read a switched-off product',
    kind: 'read',
    sql: "select id from public.products where id = 'acl-hidden'",
    expect: staffOnly,
  },
  {
    table: 'products',
    what: 'add a product',
    kind: 'write',
    sql: "insert into public.products (id, slug, name, category, price) values ('acl-new', 'acl-new', 'New', 'men', 100)",
    expect: staffOnly,
  },
  {
    table: 'products',
    what: 'reprice a product',
    kind: 'write',
    sql: "update public.products set price = 1 where id = 'acl-active'",
    expect: staffOnly,
  },
  {
    table: 'products',
    what: 'delete a product',
    kind: 'write',
    sql: "delete from public.products where id = 'acl-hidden'",
    expect: staffOnly,
  },
  // product_photos
  {
    table: 'product_photos',
    what: "read an active product's photos",
    kind: 'read',
    sql: "select id from public.product_photos where product_id = 'acl-active'",
    expect: everyone,
  },
  {
    table: 'product_photos',
    what: "read a switched-off product's photos",
    kind: 'read',
    sql: "select id from public.product_photos where product_id = 'acl-hidden'",
    expect: staffOnly,
  },
  {
    table: 'product_photos',
    what: 'add a photo',
    kind: 'write',
    sql: "insert into public.product_photos (product_id, path, width, height) values ('acl-active', 'acl-active/all/b.jpg', 10, 10)",
    expect: staffOnly,
  },
  {
    table: 'product_photos',
    what: "change a photo's alt text",
    kind: 'write',
    sql: "update public.product_photos set alt = 'x' where product_id = 'acl-active'",
    expect: staffOnly,
  },
  {
    table: 'product_photos',
    what: 'remove a photo',
    kind: 'write',
    sql: "delete from public.product_photos where product_id = 'acl-hidden'",
    expect: staffOnly,
  },
  // product_sizes
  {
    table: 'product_sizes',
    what: "read an active product's size stock",
    kind: 'read',
    sql: "select size from public.product_sizes where product_id = 'acl-sized'",
    expect: everyone,
  },
  {
    table: 'product_sizes',
    what: "read a switched-off product's size stock",
    kind: 'read',
    sql: "select size from public.product_sizes where product_id = 'acl-sized-hidden'",
    expect: staffOnly,
  },
  {
    table: 'product_sizes',
    what: 'add stock for a size',
    kind: 'write',
    sql: "insert into public.product_sizes (product_id, size, stock) values ('acl-sized', 'L', 3)",
    expect: staffOnly,
  },
  {
    table: 'product_sizes',
    what: "set a size's stock",
    kind: 'write',
    sql: "update public.product_sizes set stock = 50 where product_id = 'acl-sized' and size = 'M'",
    expect: staffOnly,
  },
  {
    table: 'product_sizes',
    what: "delete a size's stock",
    kind: 'write',
    sql: "delete from public.product_sizes where product_id = 'acl-sized' and size = 'S'",
    expect: staffOnly,
  },
  // watch_brands
  {
    table: 'watch_brands',
    what: 'read the watch brands',
    kind: 'read',
    sql: 'select id from public.watch_brands',
    expect: everyone,
  },
  {
    table: 'watch_brands',
    what: 'add a watch brand',
    kind: 'write',
    sql: "insert into public.watch_brands (id, slug, name, kind, category, description, country) values (999, 'acl-brand', 'Brand', 'smart', 'Smart Watches', 'x', 'Kenya')",
    expect: staffOnly,
  },
  {
    table: 'watch_brands',
    what: 'edit a watch brand',
    kind: 'write',
    sql: "update public.watch_brands set name = 'Changed' where id = (select min(id) from public.watch_brands)",
    expect: staffOnly,
  },
  {
    table: 'watch_brands',
    what: 'delete a watch brand',
    kind: 'write',
    sql: 'delete from public.watch_brands where id = (select min(id) from public.watch_brands)',
    expect: staffOnly,
  },
  // counties
  {
    table: 'counties',
    what: 'read the counties',
    kind: 'read',
    sql: 'select code from public.counties',
    expect: everyone,
  },
  {
    table: 'counties',
    what: 'rename a county',
    kind: 'write',
    sql: "update public.counties set name = 'Lamu Island' where code = 5",
    expect: everyoneDenied,
  },
  {
    table: 'counties',
    what: 'delete a county',
    kind: 'write',
    sql: 'delete from public.counties where code = 5',
    expect: everyoneDenied,
  },
  // store_settings
  {
    table: 'store_settings',
    what: 'read the store settings',
    kind: 'read',
    sql: 'select id from public.store_settings',
    expect: everyone,
  },
  {
    table: 'store_settings',
    what: 'change the delivery fee',
    kind: 'write',
    // Every row, said outright: hosted refuses an UPDATE or DELETE without a WHERE clause.
    sql: 'update public.store_settings set nairobi_delivery_fee = 1 where true',
    expect: adminOnly,
  },
  {
    table: 'store_settings',
    what: 'delete the store settings',
    kind: 'write',
    sql: 'delete from public.store_settings where true',
    expect: everyoneDenied,
  },
  // pickup_points
  {
    table: 'pickup_points',
    what: 'read an open pickup point',
    kind: 'read',
    sql: "select id from public.pickup_points where id = 'hub-karen'",
    expect: everyone,
  },
  {
    table: 'pickup_points',
    what: 'read a closed pickup point',
    kind: 'read',
    sql: "select id from public.pickup_points where id = 'closed-point'",
    expect: staffOnly,
  },
  {
    table: 'pickup_points',
    what: 'add a pickup point',
    kind: 'write',
    sql: "insert into public.pickup_points (id, name, county, town, address) values ('acl-point', 'P', 'Nairobi', 'CBD', 'Moi Ave')",
    expect: staffOnly,
  },
  {
    table: 'pickup_points',
    what: 'edit a pickup point',
    kind: 'write',
    sql: "update public.pickup_points set name = 'Changed' where id = 'hub-karen'",
    expect: staffOnly,
  },
  {
    table: 'pickup_points',
    what: 'delete a pickup point',
    kind: 'write',
    sql: "delete from public.pickup_points where id = 'closed-point'",
    expect: staffOnly,
  },
  // newsletter_subscribers
  {
    table: 'newsletter_subscribers',
    what: 'read the newsletter list',
    kind: 'read',
    sql: 'select id from public.newsletter_subscribers',
    expect: staffOnly,
  },
  {
    table: 'newsletter_subscribers',
    what: 'subscribe by insert',
    kind: 'write',
    sql: "insert into public.newsletter_subscribers (email, source) values ('new-reader@example.test', 'footer')",
    expect: everyone,
  },
  {
    table: 'newsletter_subscribers',
    what: 'change a subscriber',
    kind: 'write',
    sql: "update public.newsletter_subscribers set source = 'x' where true",
    expect: everyoneDenied,
  },
  {
    table: 'newsletter_subscribers',
    what: 'delete the subscribers',
    kind: 'write',
    sql: 'delete from public.newsletter_subscribers where true',
    expect: everyoneDenied,
  },
  // discount_codes and their uses
  {
    table: 'discount_codes',
    what: 'read the discount codes',
    kind: 'read',
    sql: 'select id from public.discount_codes',
    expect: staffOnly,
  },
  {
    table: 'discount_codes',
    what: 'create a discount code',
    kind: 'write',
    sql: "insert into public.discount_codes (code, kind, value) values ('FREE100', 'percent', 100)",
    expect: staffOnly,
  },
  {
    table: 'discount_codes',
    what: 'switch a code off',
    kind: 'write',
    sql: "update public.discount_codes set active = false where code = 'ACL10'",
    expect: staffOnly,
  },
  {
    table: 'discount_codes',
    what: "bind a code to another customer's email",
    kind: 'write',
    sql: "update public.discount_codes set email = 'someone@example.test' where code = 'ACL10'",
    expect: everyoneDenied,
  },
  {
    table: 'discount_redemptions',
    what: 'read the uses of codes',
    kind: 'read',
    sql: 'select id from public.discount_redemptions',
    expect: staffOnly,
  },
  {
    table: 'discount_redemptions',
    what: 'forget a use of a code',
    kind: 'write',
    sql: 'delete from public.discount_redemptions where true',
    expect: everyoneDenied,
  },
  // contact_messages
  {
    table: 'contact_messages',
    what: 'read contact messages',
    kind: 'read',
    sql: 'select id from public.contact_messages',
    expect: staffOnly,
  },
  {
    table: 'contact_messages',
    what: 'send a contact message',
    kind: 'write',
    sql: "insert into public.contact_messages (name, email, message) values ('Wafula', 'w@example.test', 'Do you deliver to Bungoma?')",
    expect: everyone,
  },
  {
    table: 'contact_messages',
    what: "send a message in B's name",
    kind: 'write',
    sql: "insert into public.contact_messages (user_id, name, email, message) values ($1, 'Forged', 'f@example.test', 'x')",
    params: (f) => [f.actors.B.id],
    expect: everyoneDenied,
  },
  {
    table: 'contact_messages',
    what: 'edit a contact message',
    kind: 'write',
    sql: "update public.contact_messages set message = 'edited' where id = $1",
    params: (f) => [f.contactMessage],
    expect: everyoneDenied,
  },
  {
    table: 'contact_messages',
    what: 'delete a contact message',
    kind: 'write',
    sql: 'delete from public.contact_messages where id = $1',
    params: (f) => [f.contactMessage],
    expect: everyoneDenied,
  },
]

/** Runs a probe as one actor, rolled back so probes never change the fixtures. */
async function verdict(
  db: LocalDb,
  f: Fixtures,
  probe: Probe,
  who: Who,
): Promise<Verdict | string> {
  const outcome = await attempt(db, f.actors[who], probe.sql, probe.params?.(f) ?? [], {
    rollback: true,
  })
  if (outcome.error) {
    return outcome.error.code === '42501'
      ? 'deny'
      : `error ${outcome.error.code}: ${outcome.error.message}`
  }
  const touched = probe.kind === 'read' ? outcome.rows.length : outcome.affected
  return touched > 0 ? 'allow' : 'deny'
}

const actorsInOrder: Who[] = ['anon', 'A', 'B', 'manager', 'admin']

describe('row level security and grants, table by table', () => {
  let db: LocalDb
  let f: Fixtures
  beforeAll(async () => {
    db = await freshDb({ seed: true })
    f = await buildFixtures(db)
  })
  afterAll(async () => {
    await db?.close()
  })

  it('covers every public table with probes', async () => {
    const tables = await db.pg.query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    )
    const probed = new Set(probes.map((p) => p.table))
    expect(tables.rows.map((r) => r.relname).filter((t) => !probed.has(t))).toEqual([])
  })

  for (const probe of probes) {
    it(`${probe.table}: ${probe.what}`, async () => {
      const actual: Record<string, Verdict | string> = {}
      for (const who of actorsInOrder) actual[who] = await verdict(db, f, probe, who)
      expect(actual).toEqual(probe.expect)
    })
  }

  it("leaves A's rows unchanged after B tries to change or delete them (item 2)", async () => {
    const { A, B } = f.actors
    const before = await db.pg.query('select * from public.addresses where id = $1', [f.addressA])
    const profileBefore = await db.pg.query('select * from public.profiles where id = $1', [A.id])
    await act(db, B, "update public.addresses set street = 'Stolen' where id = $1", [f.addressA])
    await act(db, B, 'delete from public.addresses where id = $1', [f.addressA])
    await act(db, B, "update public.profiles set full_name = 'Stolen' where id = $1", [A.id])
    await act(db, B, "update public.affiliates set payout_phone = '254700000009' where id = $1", [
      f.affiliateA,
    ])
    expect(
      (await db.pg.query('select * from public.addresses where id = $1', [f.addressA])).rows,
    ).toEqual(before.rows)
    expect((await db.pg.query('select * from public.profiles where id = $1', [A.id])).rows).toEqual(
      profileBefore.rows,
    )
    const affiliate = await db.pg.query<{ payout_phone: string }>(
      'select payout_phone from public.affiliates where id = $1',
      [f.affiliateA],
    )
    expect(affiliate.rows[0]!.payout_phone).toBe('254722111222')
  })

  it("refuses an order placed through place_order with A's user id by B (item 3)", async () => {
    const { A, B } = f.actors
    for (const key of ['userId', 'user_id']) {
      const res = await placeOrder(
        db,
        B,
        orderPayload([{ productId: 'acl-active', quantity: 1 }], { [key]: A.id }),
      )
      expect(res.error?.code).toBe('42501')
    }
    const orders = await db.pg.query('select 1 from public.orders where user_id = $1', [A.id])
    expect(orders.rows).toHaveLength(1)
  })

  it('never makes a user staff from their own writes or metadata (item 4)', async () => {
    const mallory = await createUser(db, 'Mallory', { role: 'admin', roles: ['admin'] })
    mallory.claims = {
      ...mallory.claims,
      user_metadata: { role: 'admin' },
      app_metadata: { provider: 'email', role: 'admin', roles: ['admin'] },
    }
    const selfGrant = await attempt(
      db,
      mallory,
      "insert into public.user_roles (user_id, role) values ($1, 'admin')",
      [mallory.id],
    )
    expect(selfGrant.error?.code).toBe('42501')
    const check = await call<boolean>(db, mallory, "select public.has_role('admin') as value")
    expect(check.value).toBe(false)
    const orders = await act(db, mallory, 'select id from public.orders')
    expect(orders.rows).toEqual([])
    const hidden = await act(db, mallory, "select id from public.products where id = 'acl-hidden'")
    expect(hidden.rows).toEqual([])
  })

  it('lets staff functions run for staff only; payouts and payment results are not for managers (item 6)', async () => {
    const { A, manager, admin } = f.actors
    const setStatus = "select public.set_order_status($1, 'confirmed') as value"
    expect((await call(db, anon, setStatus, [f.orderA])).error?.code).toBe('42501')
    expect((await call(db, A, setStatus, [f.orderA])).error?.code).toBe('42501')
    const review = "select public.review_affiliate($1, 'suspended') as value"
    expect((await call(db, A, review, [f.affiliateA])).error?.code).toBe('42501')
    const payout = "select public.create_payout($1, 'QK7NOPE') as value"
    expect((await call(db, A, payout, [f.affiliateA])).error?.code).toBe('42501')
    expect((await call(db, manager, payout, [f.affiliateA])).error?.code).toBe('42501')
    // The admin passes the role check and reaches the business rule (nothing approved is left to pay).
    expect((await call(db, admin, payout, [f.affiliateA])).error?.code).toBe('PT409')
    const result =
      "select public.record_payment_result('ws_CO_acl_1', 0, 'ok', 'QK7FAKE', null) as value"
    for (const who of [anon, A, manager, admin]) {
      expect((await call(db, who, result)).error?.code).toBe('42501')
    }
    const request =
      "select public.record_payment_request($1, '0712345678', 'ws_CO_forged') as value"
    expect((await call(db, A, request, [f.orderA])).error?.code).toBe('42501')
    const statusAfter = await db.pg.query<{ status: string; payment_status: string }>(
      'select status, payment_status from public.orders where id = $1',
      [f.orderA],
    )
    expect(statusAfter.rows[0]).toEqual({ status: 'pending', payment_status: 'pending' })
  })

  it('gives no JWT zero rows from every per-user table (item 7)', async () => {
    const perUser = [
      'profiles',
      'addresses',
      'user_roles',
      'orders',
      'order_items',
      'payments',
      'affiliates',
      'commissions',
      'payouts',
      'newsletter_subscribers',
      'contact_messages',
    ]
    for (const table of perUser) {
      const outcome = await attempt(db, anon, `select * from public.${table}`)
      expect({ table, rows: outcome.rows, code: outcome.error?.code ?? null }).toEqual({
        table,
        rows: [],
        code: '42501',
      })
    }
    // An authenticated token without a subject sees nothing of anyone either.
    const noSub: Actor = {
      label: 'no sub',
      role: 'authenticated',
      claims: { role: 'authenticated' },
    }
    for (const table of perUser.filter(
      (t) => t !== 'newsletter_subscribers' && t !== 'contact_messages',
    )) {
      const outcome = await attempt(db, noSub, `select * from public.${table}`)
      expect({ table, rows: outcome.rows, error: outcome.error }).toEqual({
        table,
        rows: [],
        error: null,
      })
    }
  })

  it('takes staff access away on the next request after a demotion (item 8)', async () => {
    const former = await createUser(db, 'Former admin')
    await grantRole(db, former, 'admin')
    const before = await act(db, former, 'select id from public.orders')
    expect(before.rows.length).toBeGreaterThan(0)
    await act(db, f.actors.admin, 'delete from public.user_roles where user_id = $1', [former.id])
    const after = await act(db, former, 'select id from public.orders')
    expect(after.rows).toEqual([])
    const payouts = await act(db, former, 'select id from public.payouts')
    expect(payouts.rows).toEqual([])
  })
})

describe('each deny is the work of a policy or a grant', () => {
  let db: LocalDb
  let f: Fixtures
  beforeAll(async () => {
    db = await freshDb({ seed: true })
    f = await buildFixtures(db)
  })
  afterAll(async () => {
    await db?.close()
  })

  const tables = [...new Set(probes.map((p) => p.table))]
  for (const table of tables) {
    it(`${table}: every denied probe gets through once RLS is off and everything is granted`, async () => {
      await db.pg.exec(`
        alter table public.${table} disable row level security;
        grant select, insert, update, delete on public.${table} to anon, authenticated;
        grant usage on all sequences in schema public to anon, authenticated;`)
      const stillDenied: string[] = []
      for (const probe of probes.filter((p) => p.table === table)) {
        for (const who of actorsInOrder) {
          if (probe.expect[who] !== 'deny') continue
          if (probe.identityNeeded && who === 'anon') continue
          const now = await verdict(db, f, probe, who)
          if (now !== 'allow') stillDenied.push(`${probe.what} as ${who}: ${now}`)
        }
      }
      expect(stillDenied).toEqual([])
    })
  }
})
