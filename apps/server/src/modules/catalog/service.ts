import type { MasterCategory, Product, ProductList, ProductListQuery, ProductSummary } from "@shop/shared";
import { productNotFoundMessage } from "@shop/shared";
import { NotFoundError } from "../../plugins/errors.ts";
import { type ImageRow, joinedImage, toImage } from "../images/service.ts";
import type { CatalogRepository } from "./repository.ts";

type SummaryRow = Awaited<ReturnType<CatalogRepository["listProducts"]>>[number];

function toSummary(row: SummaryRow): ProductSummary {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    productType: row.product_type,
    brand: row.brand,
    category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
    flavour: row.flavour,
    strainType: row.strain_type,
    nicotineStrength: row.nicotine_strength,
    featured: row.featured === 1,
    priceCents: row.price_cents,
    sellingPricePcsCents: row.selling_price_pcs_cents,
    sellingPriceBoxCents: row.selling_price_box_cents,
    pcsPerPack: row.pcs_per_pack,
    packPerBox: row.pack_per_box,
    stock: row.stock,
    image: joinedImage(row, row.image_alt || row.name),
  };
}

export function createCatalogService(repository: CatalogRepository) {
  return {
    async listCategories(): Promise<MasterCategory[]> {
      const rows = await repository.listCategories();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        slug: row.slug,
        description: row.description,
        image: joinedImage(row, row.name),
        productCount: Number(row.product_count ?? 0),
      }));
    },

    async listProducts(query: ProductListQuery): Promise<ProductList> {
      const filter = { categorySlug: query.category, featured: query.featured };
      const [totalProducts, rows] = await Promise.all([
        repository.countProducts(filter),
        repository.listProducts(filter, { offset: (query.page - 1) * query.limit, limit: query.limit }),
      ]);
      return {
        items: rows.map(toSummary),
        totalProducts,
        totalPages: Math.ceil(totalProducts / query.limit),
        currentPage: query.page,
        productsPerPage: query.limit,
      };
    },

    /** An active product with all its images; NotFoundError with the spec's message otherwise. */
    async getProduct(id: string): Promise<Product> {
      const product = await this.findProduct(id);
      if (!product) throw new NotFoundError(productNotFoundMessage(id));
      return product;
    },

    /** An active product with all its images, or null. */
    async findProduct(id: string): Promise<Product | null> {
      const row = await repository.findProduct(id);
      if (!row) return null;
      const images = await repository.listProductImages(id);
      return {
        ...toSummary(row),
        description: row.description,
        strainName: row.strain_name,
        flavourGroup: row.flavour_group,
        size: row.size,
        weight: row.weight,
        battery: row.battery,
        liquid: row.liquid,
        nicotineStrengthDetail: row.nicotine_strength_detail,
        puffs9000PerDevice: row.puffs_9000_per_device === 1,
        coil: row.coil,
        typeCRechargeablePort: row.type_c_rechargeable_port === 1,
        deliveryAvailable: row.delivery_available === 1,
        inStoreStockAvailable: row.in_store_stock_available === 1,
        images: images.map((image: ImageRow & { alt: string }) => toImage(image, image.alt || row.name)),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
