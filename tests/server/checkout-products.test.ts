import { describe, expect, it } from 'vitest';

import { loadProducts } from '../../server/checkout/load-products.ts';
import { PRODUCTS_SEED } from '../../server/checkout/products-seed.ts';
import type { ProductDocument } from '../../shared/billing/billing.schema.ts';
import { checkoutApp, checkoutClient, PLANS, signUp } from './checkout-helpers.ts';
import { createTestApp } from './test-app.ts';

interface Product {
  id: string;
  name: string;
  description: string;
  active: boolean;
  role: string;
  images: string[];
  metadata?: Record<string, string>;
  prices: Array<{
    id: string;
    active: boolean;
    currency: string;
    unit_amount: number;
    type: string;
    interval: string | null;
    interval_count: number | null;
  }>;
}

async function listProducts(app: Awaited<ReturnType<typeof createTestApp>>['app']): Promise<Product[]> {
  const response = await checkoutClient(app, null).products();
  expect(response.statusCode).toBe(200);
  return (response.json() as { products: Product[] }).products;
}

describe('GET /api/documents/products', () => {
  it('lists the three active plans cheapest first, each with its monthly GBP price, signed out too', async () => {
    const { app } = await createTestApp();
    const response = await checkoutClient(app, null).products();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);

    const { products } = response.json() as { products: Product[] };
    expect(products.map((p) => p.name)).toEqual(['Basic', 'Standard', 'Premium']);
    expect(products.map((p) => p.role)).toEqual(['basic', 'standard', 'premium']);
    expect(products.map((p) => p.prices.map((price) => price.unit_amount))).toEqual([[499], [699], [1099]]);
    // Each names its role for the Stripe extension too (the `stripeRole` claim of a hosted subscriber).
    expect(products.map((p) => p.metadata)).toEqual([
      { max_height: '720', screens: '1', firebaseRole: 'basic' },
      { max_height: '1080', screens: '2', firebaseRole: 'standard' },
      { max_height: '2160', screens: '4', firebaseRole: 'premium' },
    ]);

    expect(products[1]).toEqual({
      id: PLANS.standard.product,
      name: 'Standard',
      description: expect.stringMatching(/^[A-Z].{20,}\.$/) as unknown as string,
      active: true,
      role: 'standard',
      images: [],
      // The plan's entitlements (shared/billing/entitlements.ts), as Stripe keeps product metadata.
      metadata: { max_height: '1080', screens: '2', firebaseRole: 'standard' },
      prices: [
        {
          id: PLANS.standard.price,
          active: true,
          currency: 'gbp',
          unit_amount: 699,
          type: 'recurring',
          interval: 'month',
          interval_count: 1,
        },
      ],
    });
    for (const product of products) {
      expect(product.id).toMatch(/^prod_/);
      expect(product.active).toBe(true);
      expect(product.description).toMatch(/screen/);
      for (const price of product.prices) expect(price.id).toMatch(/^price_/);
    }
  });

  it('never lists the inactive product, nor an inactive price', async () => {
    const { app } = await createTestApp();
    // Retire the Basic plan's price: Basic has no active price left, so it is not offered.
    app.db.prepare('UPDATE prices SET active = 0 WHERE id = ?').run(PLANS.basic.price);
    const products = await listProducts(app);
    expect(products.map((p) => p.id)).toEqual([PLANS.standard.product, PLANS.premium.product]);
    expect(JSON.stringify(products)).not.toContain(PLANS.retired.product);
    expect(JSON.stringify(products)).not.toContain(PLANS.retired.price);
    expect(JSON.stringify(products)).not.toContain('retired');
  });

  it('orders products by their cheapest active price, and prices within a product', async () => {
    const { app } = await createTestApp();
    app.db.prepare('UPDATE prices SET unit_amount = 1999 WHERE id = ?').run(PLANS.basic.price);
    app.db
      .prepare(
        `INSERT INTO prices (id, product_id, active, currency, unit_amount, type, interval, interval_count)
         VALUES ('price_premiumLow', ?, 1, 'gbp', 599, 'recurring', 'month', 1),
                ('price_premiumOff', ?, 0, 'gbp', 100, 'recurring', 'month', 1)`,
      )
      .run(PLANS.premium.product, PLANS.premium.product);
    const products = await listProducts(app);
    expect(products.map((p) => p.name)).toEqual(['Premium', 'Standard', 'Basic']);
    expect(products[0]!.prices.map((p) => p.id)).toEqual(['price_premiumLow', PLANS.premium.price]);
  });

  it('is the same for a signed-in customer', async () => {
    const { app, as } = await checkoutApp();
    const response = await as.products();
    expect(response.statusCode).toBe(200);
    expect((response.json() as { products: Product[] }).products).toEqual(await listProducts(app));
  });
});

describe('loading the plans', () => {
  const tables = (app: Awaited<ReturnType<typeof createTestApp>>['app']) => ({
    products: app.db.prepare('SELECT * FROM products ORDER BY id').all(),
    prices: app.db.prepare('SELECT * FROM prices ORDER BY id').all(),
  });

  it('seeds the four products at start, the retired one inactive', async () => {
    const { app } = await createTestApp();
    const rows = app.db.prepare('SELECT id, name, active, role FROM products ORDER BY id').all();
    expect(rows).toEqual([
      { id: PLANS.basic.product, name: 'Basic', active: 1, role: 'basic' },
      { id: PLANS.premium.product, name: 'Premium', active: 1, role: 'premium' },
      { id: PLANS.retired.product, name: 'Standard with adverts (retired)', active: 0, role: 'standard_with_adverts' },
      { id: PLANS.standard.product, name: 'Standard', active: 1, role: 'standard' },
    ]);
  });

  it('writes nothing when the same seed is loaded again, at a restart or directly', async () => {
    const first = await createTestApp();
    const before = tables(first.app);
    expect(await loadProducts(first.app.db, PRODUCTS_SEED)).toEqual({ changed: false, products: PRODUCTS_SEED.length });
    await first.app.close();

    const { app } = await createTestApp({ dataDir: first.dataDir });
    expect(tables(app)).toEqual(before);
    expect((await loadProducts(app.db, PRODUCTS_SEED)).changed).toBe(false);
  });

  it('updates plans in place, retires what the seed no longer lists, and keeps subscriptions', async () => {
    const { app } = await createTestApp();
    const ann = await signUp(app, 'ann@example.com');
    app.db
      .prepare(
        `INSERT INTO subscriptions (uid, id, role, status, price_id, product_id, created, current_period_start, current_period_end)
         VALUES (?, 'sub_test', 'basic', 'active', ?, ?, 1, 1, 2)`,
      )
      .run(ann.uid, PLANS.basic.price, PLANS.basic.product);

    const seed: ProductDocument[] = PRODUCTS_SEED.filter((p) => p.id !== PLANS.basic.product).map((p) =>
      p.id === PLANS.standard.product ? { ...p, prices: [{ ...p.prices[0]!, unit_amount: 799 }] } : p,
    );
    expect((await loadProducts(app.db, seed)).changed).toBe(true);

    const products = await listProducts(app);
    expect(products.map((p) => [p.name, p.prices[0]!.unit_amount])).toEqual([
      ['Standard', 799],
      ['Premium', 1099],
    ]);
    expect(app.db.prepare('SELECT active FROM products WHERE id = ?').pluck().get(PLANS.basic.product)).toBe(0);
    expect(app.db.prepare('SELECT active FROM prices WHERE id = ?').pluck().get(PLANS.basic.price)).toBe(0);
    expect(app.db.prepare('SELECT id FROM subscriptions').pluck().all()).toEqual(['sub_test']);

    // Back to the shipped seed: Basic is offered again.
    expect((await loadProducts(app.db, PRODUCTS_SEED)).changed).toBe(true);
    expect((await listProducts(app)).map((p) => p.name)).toEqual(['Basic', 'Standard', 'Premium']);
  });
});
