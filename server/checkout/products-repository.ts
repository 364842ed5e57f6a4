import type { Database } from 'better-sqlite3';

import type { PriceDocument as Price, ProductDocument as Product } from '../../shared/billing/billing.schema.ts';
import { FIREBASE_ROLE_KEY } from '../../shared/billing/entitlements.ts';
import { formatPrice as formatSharedPrice } from '../../shared/billing/price-format.ts';

/** A price with the product it belongs to: what a checkout and a subscription need. */
export interface PriceWithProduct {
  price: Price;
  product: Omit<Product, 'prices'>;
}

interface ProductRow {
  id: string;
  name: string;
  description: string;
  active: number;
  role: string;
  images: string;
  metadata: string;
}

interface PriceRow {
  id: string;
  product_id: string;
  active: number;
  currency: string;
  unit_amount: number;
  type: Price['type'];
  interval: Price['interval'];
  interval_count: number | null;
}

const toPrice = (row: PriceRow): Price => ({
  id: row.id,
  active: row.active === 1,
  currency: row.currency,
  unit_amount: row.unit_amount,
  type: row.type,
  interval: row.interval,
  interval_count: row.interval_count,
});

const toProduct = (row: ProductRow): Omit<Product, 'prices'> => ({
  id: row.id,
  name: row.name,
  description: row.description,
  active: row.active === 1,
  role: row.role,
  images: JSON.parse(row.images) as string[],
  metadata: JSON.parse(row.metadata) as Record<string, string>,
});

/** A stored price as Marquee shows it ("GBP 6.99/month"; a one-off one as "GBP 6.99"), by the shared rule. */
export function formatPrice(price: Price): string {
  return formatSharedPrice({
    currency: price.currency,
    unitAmount: price.unit_amount,
    interval: price.type === 'recurring' ? price.interval : null,
    intervalCount: price.interval_count,
  });
}

/** The plans in SQLite, read-only: load-products.ts writes them. */
export function createProductsRepository(db: Database) {
  const selectActiveProducts = db.prepare<[], ProductRow>('SELECT * FROM products WHERE active = 1');
  const selectActivePrices = db.prepare<[], PriceRow>(
    `SELECT prices.* FROM prices JOIN products ON products.id = prices.product_id
     WHERE prices.active = 1 AND products.active = 1
     ORDER BY prices.unit_amount, prices.id`,
  );
  const selectPrice = db.prepare<[string], PriceRow>('SELECT * FROM prices WHERE id = ?');
  const selectProduct = db.prepare<[string], ProductRow>('SELECT * FROM products WHERE id = ?');
  // An active product first, should a retired one have carried the same role.
  const selectByRole = db.prepare<[string, string], ProductRow>(
    "SELECT * FROM products WHERE json_extract(metadata, '$.' || ?) = ? ORDER BY active DESC, id LIMIT 1",
  );

  return {
    /**
     * The products on offer: active ones with at least one active price, each with its active
     * prices, cheapest first (and products ordered by their cheapest price).
     */
    listActive(): Product[] {
      const products = new Map(
        selectActiveProducts.all().map((row) => [row.id, { ...toProduct(row), prices: [] as Price[] }]),
      );
      const listed = new Map<string, Product>();
      for (const row of selectActivePrices.all()) {
        const product = products.get(row.product_id);
        if (!product) continue;
        product.prices.push(toPrice(row));
        // Prices arrive cheapest first, so products enter the map in the order of their cheapest.
        listed.set(product.id, product);
      }
      return [...listed.values()];
    },

    /** Any product, active or not, without its prices; null when none has this id. */
    findProduct(id: string): Omit<Product, 'prices'> | null {
      const row = selectProduct.get(id);
      return row ? toProduct(row) : null;
    },

    /** The product whose metadata names `role` as its Firebase role (the Stripe extension's `stripeRole`), active or not. */
    findByFirebaseRole(role: string): Omit<Product, 'prices'> | null {
      const row = selectByRole.get(FIREBASE_ROLE_KEY, role);
      return row ? toProduct(row) : null;
    },

    /** Any price, active or not, with its product; null when no price has this id. */
    findPrice(id: string): PriceWithProduct | null {
      const price = selectPrice.get(id);
      const product = price && selectProduct.get(price.product_id);
      return price && product ? { price: toPrice(price), product: toProduct(product) } : null;
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
