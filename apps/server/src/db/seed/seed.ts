import { complianceRuleInputSchema, slugify, variantName } from "@shop/shared";
import type { FastifyBaseLogger } from "fastify";
import { countRows } from "../../lib/count-rows.ts";
import { newId } from "../../lib/ids.ts";
import { derivedProductColumns } from "../../modules/catalog/derived-columns.ts";
import { recordOpeningStock } from "../../modules/catalog/stock-repository.ts";
import { insertProducts } from "../../modules/catalog/variants-repository.ts";
import type { Services } from "../../services.ts";
import type { Db } from "../database.ts";
import { CATALOG_TABLES, refreshStatistics } from "../statistics.ts";
import type { ProductsTable } from "../types.ts";
import { coverArt, demoPosts } from "./demo-blog.ts";
import { demoBanners, demoCategories, demoProducts, demoStore } from "./demo-catalog.ts";
import { demoCoaDates, demoCoaPdf, demoCoas, demoLabs, demoThcPerContainer } from "./demo-coas.ts";
import { demoComplianceRules } from "./demo-compliance.ts";
import { bannerArt, productArt } from "./demo-images.ts";
import { demoPaymentMethods } from "./demo-payments.ts";
import type { DemoProduct } from "./demo-types.ts";
import { seedTaxRules } from "./tax-rules.ts";
import { seedVariants } from "./variants.ts";

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

async function isEmpty(db: Db): Promise<boolean> {
  return (await countRows(db.kysely.selectFrom("master_categories"))) === 0;
}

/** At start-up: a shop with no categories yet gets the demo shop. A shop in use is never touched. */
export async function loadDemoDataIfEmpty(db: Db, services: Services, log: FastifyBaseLogger): Promise<void> {
  if (!(await isEmpty(db))) return;
  log.info("Empty database: loading the demo shop");
  const counts = await seedDemo(db, services);
  log.info(counts, "Demo shop loaded");
}

async function renderImage(services: Services, svg: string): Promise<string> {
  const stored = await services.images.store(Buffer.from(svg));
  return stored.key;
}

function productRow(product: DemoProduct, categoryId: string, createdAt: string): ProductsTable {
  const row: Omit<ProductsTable, "search_text" | "unit_price_cents" | "max_unit_price_cents" | "variant_count"> = {
    id: newId(Date.parse(createdAt)),
    sku: product.sku,
    name: product.name,
    product_type: product.productType,
    description: product.description,
    featured: flag(product.featured),
    master_category_id: categoryId,
    brand: product.brand,
    strain_name: product.strainName,
    strain_type: product.strainType,
    flavour: product.flavour,
    flavour_group: product.flavourGroup,
    size: product.size,
    weight: product.weight,
    battery: product.battery,
    liquid: product.liquid,
    nicotine_strength: product.nicotineStrength,
    nicotine_strength_detail: product.nicotineStrengthDetail,
    puffs_9000_per_device: flag(product.puffs9000PerDevice),
    coil: product.coil,
    type_c_rechargeable_port: flag(product.typeCRechargeablePort),
    price_cents: product.priceCents,
    distro_price_cents: product.distroPriceCents,
    selling_price_pcs_cents: product.sellingPricePcsCents,
    selling_price_box_cents: product.sellingPriceBoxCents,
    pcs_per_pack: product.pcsPerPack,
    pack_per_box: product.packPerBox,
    delivery_available: flag(product.deliveryAvailable),
    in_store_stock_available: flag(product.inStoreStockAvailable),
    stock: product.stock,
    active: 1,
    created_at: createdAt,
    updated_at: createdAt,
  };
  return { ...row, ...derivedProductColumns(row) };
}

/**
 * Loads the demo shop: the seven categories, the demo products with two pictures each,
 * three banners, the blog's demo posts and the batches with their certificates of analysis. Rows that exist already (by slug, sku or id) are
 * left as they are, so running it twice changes nothing.
 */
export async function seedDemo(db: Db, services: Services) {
  // Pictures first: storing is idempotent (content-hashed), and a file on disk cannot roll back anyway.
  const categoryImages = new Map<string, string>();
  for (const [index, category] of demoCategories.entries()) {
    categoryImages.set(category.slug, await renderImage(services, productArt(category.art, category.colors, index)));
  }
  const productImages = new Map<string, string[]>();
  for (const [index, product] of demoProducts.entries()) {
    const reversed: [string, string] = [product.colors[1], product.colors[0]];
    productImages.set(product.sku, [
      await renderImage(services, productArt(product.art, product.colors, index)),
      await renderImage(services, productArt(product.art, reversed, index + 7)),
    ]);
  }
  const bannerImages = new Map<string, string>();
  for (const banner of demoBanners) {
    bannerImages.set(banner.id, await renderImage(services, bannerArt(banner.art, banner.colors)));
  }
  const postImages = new Map<string, string>();
  for (const [index, post] of demoPosts.entries()) {
    postImages.set(post.slug, await renderImage(services, coverArt(post, index)));
  }

  const now = Date.now();
  // The name a COA's PDF prints: its product's, with the option values of the variant it names.
  const productNames = new Map(
    demoProducts.flatMap((product) => [
      [product.sku, variantName(product.name, product.variants?.own ?? [])] as const,
      ...(product.variants?.others ?? []).map(
        (other) => [other.sku, variantName(product.name, other.options)] as const,
      ),
    ]),
  );
  const coaPdfs = new Map<string, { key: string; bytes: number }>();
  for (const coa of demoCoas) {
    const name = productNames.get(coa.sku);
    if (!name) throw new Error(`Demo COA ${coa.lotNumber} names the unknown product ${coa.sku}`);
    coaPdfs.set(coa.lotNumber, await services.coas.storePdf(demoCoaPdf(coa, name, now)));
  }

  // A store to pick orders up from, so the demo shows pickup in store; a shop's own address is kept.
  if ((await services.settings.get()).storeAddress === null) {
    await services.settings.update({ storeAddress: demoStore });
  }
  // Payment methods with example payee details, so that a demo order can be paid; a shop's own are kept.
  if ((await services.settings.get()).paymentMethods.every((method) => !method.enabled && !method.payee.name)) {
    await services.settings.update({ paymentMethods: demoPaymentMethods() });
  }

  // The starter rule set (example data), when the shop has no rules of its own yet.
  if ((await services.compliance.list({ page: 1 })).total === 0) {
    for (const rule of demoComplianceRules(new Date(now))) {
      await services.compliance.create(complianceRuleInputSchema.parse(rule), null);
    }
  }
  // The example excise taxes, likewise only into a shop with none of its own.
  await seedTaxRules(db, services.taxes, new Date(now));

  const counts = await db.kysely.transaction().execute(async (trx) => {
    let categories = 0;
    for (const [position, category] of demoCategories.entries()) {
      const stamp = new Date(now).toISOString();
      const inserted = await trx
        .insertInto("master_categories")
        .values({
          id: newId(),
          name: category.name,
          slug: slugify(category.name),
          description: category.description,
          image_key: categoryImages.get(category.slug) ?? null,
          position,
          created_at: stamp,
          updated_at: stamp,
        })
        .onConflict((oc) => oc.column("slug").doNothing())
        .executeTakeFirst();
      categories += Number(inserted.numInsertedOrUpdatedRows ?? 0);
    }
    const categoryIds = new Map(
      (await trx.selectFrom("master_categories").select(["id", "slug"]).execute()).map((row) => [row.slug, row.id]),
    );

    let products = 0;
    for (const [index, product] of demoProducts.entries()) {
      const categoryId = categoryIds.get(product.category);
      if (!categoryId) throw new Error(`Demo product ${product.sku} names the unknown category ${product.category}`);
      // Spread creation times over the past weeks, categories mixed, so "newest first" reads naturally.
      const age = ((index * 19) % demoProducts.length) + 1;
      const createdAt = new Date(now - age * 7 * 3_600_000).toISOString();
      // Loaded again, the demo adds only what is not there yet.
      if (await trx.selectFrom("products").select("id").where("sku", "=", product.sku).executeTakeFirst()) continue;
      const inserted = productRow(product, categoryId, createdAt);
      await insertProducts(trx, [inserted]);
      if (product.exciseFacts) {
        const { liquidMl, nicotineMgPerMl, system } = product.exciseFacts;
        await trx
          .updateTable("product_variants")
          .set({ liquid_ml: liquidMl, nicotine_mg_per_ml: nicotineMgPerMl, vape_system: system })
          .where("id", "=", inserted.id)
          .execute();
      }
      if (product.variants) {
        await seedVariants(trx, [{ product: inserted, variants: product.variants }], {
          kind: "initial",
          note: "Demo shop's opening count",
        });
      }
      products += 1;
      await trx
        .insertInto("product_regulatory_classes")
        .values(product.regulatoryClasses.map((code) => ({ product_id: inserted.id, class: code })))
        .execute();
      // The demo's count is the product's opening stock movement, so its history explains its stock.
      await recordOpeningStock(trx, [{ id: inserted.id, stock: product.stock }], createdAt, {
        kind: "initial",
        note: "Demo shop's opening count",
      });
      const keys = productImages.get(product.sku) ?? [];
      await trx
        .insertInto("product_images")
        .values(
          keys.map((key, position) => ({
            id: newId(),
            product_id: inserted.id,
            image_key: key,
            position,
            alt: position === 0 ? product.name : `${product.name}, another view`,
          })),
        )
        .execute();
    }

    let banners = 0;
    for (const [position, banner] of demoBanners.entries()) {
      const stamp = new Date(now).toISOString();
      const inserted = await trx
        .insertInto("banners")
        .values({
          id: banner.id,
          title: banner.title,
          description: banner.description,
          image_key: bannerImages.get(banner.id) ?? null,
          link_url: banner.linkUrl,
          is_active: 1,
          position,
          created_at: stamp,
          updated_at: stamp,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      banners += Number(inserted.numInsertedOrUpdatedRows ?? 0);
    }

    let posts = 0;
    for (const post of demoPosts) {
      const publishedAt = new Date(now - post.daysAgo * 24 * 3_600_000).toISOString();
      const inserted = await trx
        .insertInto("blog_posts")
        .values({
          id: newId(Date.parse(publishedAt)),
          slug: post.slug,
          section: post.section,
          title: post.title,
          excerpt: post.excerpt,
          body: post.body,
          author_name: post.authorName,
          cover_image_key: postImages.get(post.slug) ?? null,
          published_at: publishedAt,
          created_at: publishedAt,
          updated_at: publishedAt,
        })
        .onConflict((oc) => oc.column("slug").doNothing())
        .executeTakeFirst();
      posts += Number(inserted.numInsertedOrUpdatedRows ?? 0);
    }
    let coas = 0;
    // A COA names the SKU of the variant its batch is of (a product without options: the product's).
    const variants = new Map(
      (await trx.selectFrom("product_variants").select(["id", "product_id", "sku"]).execute()).map((row) => [
        row.sku,
        row,
      ]),
    );
    for (const coa of demoCoas) {
      const variant = variants.get(coa.sku);
      const pdf = coaPdfs.get(coa.lotNumber);
      if (!variant || !pdf) continue;
      const dates = demoCoaDates(coa, now);
      const stamp = new Date(now).toISOString();
      const batch = await trx
        .insertInto("batches")
        .values({
          id: newId(),
          product_id: variant.product_id,
          variant_id: variant.id,
          lot_number: coa.lotNumber,
          created_at: stamp,
          updated_at: stamp,
        })
        .onConflict((oc) => oc.column("lot_number").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!batch) continue;
      const lab = demoLabs[coa.lab];
      const results = coa.cannabinoids ?? {};
      await trx
        .insertInto("coas")
        .values({
          id: newId(),
          batch_id: batch.id,
          lab_name: lab.name,
          lab_accreditation: lab.accreditation,
          lab_certificate_number: lab.certificateNumber,
          sample_date: dates.sampleDate,
          test_date: dates.testDate,
          report_date: dates.reportDate,
          delta9_thc_mpct: results.delta9Thc ?? null,
          thca_mpct: results.thca ?? null,
          delta8_thc_mpct: results.delta8Thc ?? null,
          delta10_thc_mpct: results.delta10Thc ?? null,
          hhc_mpct: results.hhc ?? null,
          cbd_mpct: results.cbd ?? null,
          cbda_mpct: results.cbda ?? null,
          cbg_mpct: results.cbg ?? null,
          cbn_mpct: results.cbn ?? null,
          thc_per_container_ug: demoThcPerContainer(coa),
          pesticides: coa.panels.pesticides,
          heavy_metals: coa.panels.heavyMetals,
          microbials: coa.panels.microbials,
          mycotoxins: coa.panels.mycotoxins,
          residual_solvents: coa.panels.residualSolvents,
          serving_size: coa.alkaloids?.servingSize ?? null,
          mitragynine_ug: coa.alkaloids?.mitragynine ?? null,
          seven_oh_ug: coa.alkaloids?.sevenHydroxymitragynine ?? null,
          pseudoindoxyl_ug: coa.alkaloids?.mitragyninePseudoindoxyl ?? null,
          seven_oh_share_mpct: coa.alkaloids?.sevenHydroxyShareOfAlkaloids ?? null,
          pdf_key: pdf.key,
          pdf_bytes: pdf.bytes,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      coas += 1;
    }
    return { categories, products, banners, posts, coas };
  });
  await refreshStatistics(db, ["master_categories", ...CATALOG_TABLES, "banners", "blog_posts", "batches", "coas"]);
  // Written here behind the catalogue's back: which products are sold nowhere is decided now that
  // the rules, the products and their COAs are all in (docs/decisions/080).
  await services.catalog.decideSoldNowhere();
  return counts;
}
