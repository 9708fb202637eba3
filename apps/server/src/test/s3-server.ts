import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * A real S3-compatible server for the tests (s3rver, an npm devDependency): it keeps objects in a
 * temporary folder and checks every request's Signature V4 against its one account
 * (S3RVER/S3RVER), so a wrongly signed request fails as it would on a real store.
 */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point a shop at the bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3 server on a port the system chooses: s3rver's run() never settles when its port is taken
 * (the server's "error" has no listener), and two test files side by side once chose the same
 * port of a fixed range, which hung the suite. The tests point a shop at 127.0.0.1:4649 as a store
 * that is down; a chosen port is never that one, being from the system's ephemeral range.
 */
export async function startTestS3(bucket = "shop-files"): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "shop-test-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  try {
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    return {
      endpoint,
      bucket,
      env: {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_REGION: "us-east-1",
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
      },
      async close() {
        await server.close();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw new Error(`Could not start the test S3 server (s3rver): ${String(error)}`);
  }
}

/**
 * The S3 server, or null (with a loud warning) when it cannot start here; under CI=true it must
 * start, so a CI run never passes by skipping the object-storage tests.
 */
export async function startTestS3OrSkip(bucket?: string): Promise<TestS3 | null> {
  try {
    return await startTestS3(bucket);
  } catch (error) {
    if (process.env.CI === "true") throw error;
    console.warn(`\n  !!! SKIPPING the object-storage tests: ${(error as Error).message}\n`);
    return null;
  }
}
