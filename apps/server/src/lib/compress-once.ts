import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A body kept to be sent many times (the page cache, the shared answers), compressed once both
 * ways at the highest levels worth their time: every later answer costs no compression at all.
 */
export async function compressBothWays(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzipped(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/** The encoding to send a kept body in, for a request's Accept-Encoding: brotli, gzip or none. */
export function keptEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const accepted = acceptEncoding ?? "";
  return /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
}
