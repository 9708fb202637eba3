import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "./lib/nonce.tsx";

export const streamTimeout = 5_000;

/**
 * Streams the page, as React Router's own entry does. Bots and crawlers get the whole document at
 * once; people get the shell as soon as it is ready and any part that suspends follows in the same
 * response. Every inline script carries the request's CSP nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // React outlines a finished Suspense boundary of over 500 bytes once the page passes this
        // many bytes, and its script shows it 300 ms after the first paint: the footer, filters
        // and product details would arrive late, and never without JavaScript. Every finished part
        // goes in place; only a part still waiting for data streams in later.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell is sent, React Router reports the error itself.
          if (shellRendered) console.error(error);
        },
      },
    );
    // Gives the renderer a second past the loaders' own timeout to flush what it has.
    setTimeout(abort, streamTimeout + 1000);
  });
}
