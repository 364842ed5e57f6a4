import { createHash } from 'node:crypto';

import type { Database } from 'better-sqlite3';

import type { ProductDocument } from '../../shared/billing/billing.schema.ts';
import { inWriteTurn, runWrite } from '../db/write-turn.ts';

export interface ProductsLoadResult {
  /** False when the same seed was already loaded: nothing was written. */
  changed: boolean;
  products: number;
}

const SOURCE = 'products-seed';

/**
 * Loads the plans into the products and prices tables, idempotently: a seed already loaded
 * (same hash) is skipped; a new one updates products and prices in place and adds new ones, in
 * one write turn (server/db/write-turn.ts). Products and prices the seed no longer lists are made inactive, never deleted,
 * and subscriptions are never touched.
 */
export async function loadProducts(db: Database, seed: readonly ProductDocument[]): Promise<ProductsLoadResult> {
  const hash = createHash('sha256').update(JSON.stringify(seed)).digest('hex');
  const loaded = db.prepare<[string], string>('SELECT hash FROM product_sources WHERE source = ?').pluck().get(SOURCE);
  if (loaded === hash) return { changed: false, products: seed.length };

  const upsertProduct = db.prepare(`
    INSERT INTO products (id, name, description, active, role, images, metadata)
    VALUES (@id, @name, @description, @active, @role, @images, @metadata)
    ON CONFLICT (id) DO UPDATE SET
      name = excluded.name, description = excluded.description, active = excluded.active,
      role = excluded.role, images = excluded.images, metadata = excluded.metadata`);
  const upsertPrice = db.prepare(`
    INSERT INTO prices (id, product_id, active, currency, unit_amount, type, interval, interval_count)
    VALUES (@id, @productId, @active, @currency, @unit_amount, @type, @interval, @interval_count)
    ON CONFLICT (id) DO UPDATE SET
      product_id = excluded.product_id, active = excluded.active, currency = excluded.currency,
      unit_amount = excluded.unit_amount, type = excluded.type, interval = excluded.interval,
      interval_count = excluded.interval_count`);
  const productIds = db.prepare<[], string>('SELECT id FROM products').pluck();
  const priceIds = db.prepare<[], string>('SELECT id FROM prices').pluck();
  const retireProduct = db.prepare<[string]>('UPDATE products SET active = 0 WHERE id = ?');
  const retirePrice = db.prepare<[string]>('UPDATE prices SET active = 0 WHERE id = ?');
  const recordSource = db.prepare<[string, string]>(
    'INSERT INTO product_sources (source, hash) VALUES (?, ?) ON CONFLICT (source) DO UPDATE SET hash = excluded.hash',
  );

  await inWriteTurn(db, () => {
    const products = new Set<string>();
    const prices = new Set<string>();
    for (const product of seed) {
      products.add(product.id);
      runWrite(upsertProduct, {
        ...product,
        active: product.active ? 1 : 0,
        images: JSON.stringify(product.images),
        metadata: JSON.stringify(product.metadata ?? {}),
      });
      for (const price of product.prices) {
        prices.add(price.id);
        runWrite(upsertPrice, { ...price, productId: product.id, active: price.active ? 1 : 0 });
      }
    }
    for (const id of productIds.all()) if (!products.has(id)) runWrite(retireProduct, id);
    for (const id of priceIds.all()) if (!prices.has(id)) runWrite(retirePrice, id);
    runWrite(recordSource, SOURCE, hash);
  });
  return { changed: true, products: seed.length };
}
