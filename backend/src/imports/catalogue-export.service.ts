import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { PRODUCT_CSV_COLUMNS } from '@dentalmarket/contracts';
import { PLACEHOLDER_IMAGE_URL } from '../catalog/admin-catalog.service.js';
import { adminProductWhere } from '../catalog/admin-product-queries.js';
import { Params } from '../catalog/product-queries.js';
import { csvLine } from '../common/csv.js';
import { streamCsv } from '../common/csv-stream.js';
import { ReadRoutes } from '../database/read-routes.js';
import { Transactions } from '../database/transactions.js';
import type { ProductExportQueryDto } from './dto/imports.dto.js';
import { EXAMPLE_NAME_PREFIX, EXAMPLE_SLUG_PREFIX } from './example-rows.js';
import { type ExportedProduct, productCsvLine, STORED_PRODUCT_COLUMNS } from './product-csv.js';

/** A byte order mark first, so spreadsheets open the file as UTF-8. */
const BOM = '\uFEFF';

/** What the template's example rows say about themselves. */
const EXAMPLE_NOTE =
  `The import skips a row whose name starts with "${EXAMPLE_NAME_PREFIX.trim()}" and slug with "${EXAMPLE_SLUG_PREFIX}": ` +
  'replace the name and slug with your product\'s to import the row, or delete it.';

/**
 * The catalogue as CSV (PRODUCT_CSV_COLUMNS): every product matching the admin grid's filters in id
 * order, streamed from a server-side cursor (streamCsv, 1,000 rows at a time) with back-pressure
 * from the response, so memory stays flat at any catalogue size; and the import's template.
 */
@Injectable()
export class CatalogueExportService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly routes: ReadRoutes,
  ) {}

  exportCsv(query: ProductExportQueryDto, response: Response): Promise<void> {
    const params = new Params();
    const where = adminProductWhere(query, params);
    const text = `SELECT ${STORED_PRODUCT_COLUMNS}, c.slug AS category, s.slug AS subcategory
                    FROM products p JOIN categories c ON c.id = p.category_id LEFT JOIN subcategories s ON s.id = p.subcategory_id
                    ${where} ORDER BY p.id`;
    // from a replica when one has the admin's own last write (database/read-routes.ts)
    return this.routes.read('export', (target) =>
      streamCsv<ExportedProduct>(
        target.dataSource,
        { text, values: params.values, header: PRODUCT_CSV_COLUMNS, line: productCsvLine },
        response,
        { filename: `products-${new Date().toISOString().slice(0, 10)}.csv`, prefix: BOM, batchSize: 1000 },
      ),
    );
  }

  /**
   * The header and two example rows (equipment and a partner product), in existing categories when
   * there are. Each is marked as an example (example-rows.ts: its name and slug), so an import skips
   * it until the admin renames it; its description says so, as CSV has no comment lines.
   */
  async templateCsv(): Promise<string> {
    const manager = this.transactions.manager;
    const place = async (type: string, fallback: string) => {
      const [row] = await manager.query(
        `SELECT c.slug AS category, (SELECT s.slug FROM subcategories s WHERE s.category_id = c.id ORDER BY s.sort_order, s.id LIMIT 1) AS subcategory
           FROM categories c WHERE c.product_type = $1 ORDER BY c.sort_order, c.id LIMIT 1`,
        [type],
      );
      return (row as { category: string; subcategory: string | null } | undefined) ?? { category: fallback, subcategory: null };
    };
    const equipment = await place('equipment', 'example-equipment-category');
    const affiliate = await place('affiliate', 'example-partner-category');
    const examples: Array<Record<(typeof PRODUCT_CSV_COLUMNS)[number], unknown>> = [
      {
        slug: `${EXAMPLE_SLUG_PREFIX}dental-chair-x1`,
        name: `${EXAMPLE_NAME_PREFIX}Dental Chair X1`,
        product_type: 'equipment',
        ...equipment,
        manufacturer: 'Example Medical',
        price: '12999.00',
        description: `An example row: a treatment chair with LED light and memory positions. ${EXAMPLE_NOTE}`,
        image_url: PLACEHOLDER_IMAGE_URL,
        in_stock: true,
        is_featured: false,
        is_new: true,
        rating: '4.5',
        reviews_count: 12,
        delivery_time: '2-3 weeks',
        warranty: '2 years',
        affiliate_link: null,
        external_link: null,
        features: JSON.stringify(['LED operating light', 'Memory positions']),
        specifications: JSON.stringify({ Power: '230 V', Weight: '180 kg' }),
        service_details: null,
      },
      {
        slug: `${EXAMPLE_SLUG_PREFIX}partner-scanner`,
        name: `${EXAMPLE_NAME_PREFIX}Partner Scanner`,
        product_type: 'affiliate',
        ...affiliate,
        manufacturer: 'Example Partner',
        price: '0',
        description: `An example row: a partner's product sold on the partner's site (affiliate_link is required). ${EXAMPLE_NOTE}`,
        image_url: PLACEHOLDER_IMAGE_URL,
        in_stock: true,
        is_featured: false,
        is_new: false,
        rating: null,
        reviews_count: 0,
        delivery_time: null,
        warranty: null,
        affiliate_link: 'https://partner.example.com/scanner',
        external_link: null,
        features: JSON.stringify(['Intraoral scanning']),
        specifications: JSON.stringify({}),
        service_details: null,
      },
    ];
    return BOM + csvLine(PRODUCT_CSV_COLUMNS) + examples.map((row) => csvLine(PRODUCT_CSV_COLUMNS.map((column) => row[column]))).join('');
  }
}
