import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { argon2OptionsFor } from "../modules/accounts/passwords.ts";
import { ConfigError, loadConfig } from "./config.ts";

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "shop-config-"));

describe("loadConfig", () => {
  it("has working defaults", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: "development",
      port: 3000,
      host: "0.0.0.0",
      dataDir,
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      logLevel: "info",
    });
  });

  it("generates a session secret once, keeps it private in the data folder and reuses it", () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const file = path.join(dataDir, "session-secret");
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  it("lists every problem at once", () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        LOG_LEVEL: "loud",
        PUBLIC_URL: "not a url",
        EXTRA_ORIGINS: "https://www.shop.test, evil",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join("\n");
    for (const name of ["PORT", "DATABASE_URL", "LOG_LEVEL", "PUBLIC_URL", "EXTRA_ORIGINS"])
      expect(problems).toContain(name);
    expect((error as ConfigError).message).toContain("Invalid configuration");
  });

  it("requires a session secret in production and never writes one there", () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir })).toThrow(/SESSION_SECRET/);
    expect(existsSync(path.join(dataDir, "session-secret"))).toBe(false);
    const secret = "x".repeat(40);
    expect(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, SESSION_SECRET: secret }).sessionSecret).toBe(
      secret,
    );
    expect(() => loadConfig({ NODE_ENV: "production", SESSION_SECRET: "short" })).toThrow(/at least 32/);
  });

  it("hashes passwords at OWASP's cost; only NODE_ENV=test may lower it", async () => {
    const production = loadConfig({ NODE_ENV: "production", DATA_DIR: tempDir(), SESSION_SECRET: "x".repeat(40) });
    const development = loadConfig({ DATA_DIR: tempDir() });
    for (const config of [production, development]) {
      expect(config.passwordHashCost).toBe("owasp");
      expect(argon2OptionsFor(config.passwordHashCost)).toMatchObject({
        memoryCost: 19456,
        timeCost: 2,
        parallelism: 1,
      });
      expect(await hash("a password", argon2OptionsFor(config.passwordHashCost))).toMatch(
        /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/,
      );
    }
    for (const NODE_ENV of ["production", "development"]) {
      expect(() =>
        loadConfig({ NODE_ENV, DATA_DIR: tempDir(), SESSION_SECRET: "x".repeat(40), PASSWORD_HASH_COST: "test-low" }),
      ).toThrow(/PASSWORD_HASH_COST: only the test suite/);
    }
    expect(() => loadConfig({ DATA_DIR: tempDir(), PASSWORD_HASH_COST: "cheap" })).toThrow(/PASSWORD_HASH_COST/);
    const test = loadConfig({ NODE_ENV: "test", DATA_DIR: tempDir(), PASSWORD_HASH_COST: "test-low" });
    expect(argon2OptionsFor(test.passwordHashCost).memoryCost).toBeLessThan(19456);
  });

  it("accepts a PostgreSQL URL and treats blank values as unset", () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "postgres://root@127.0.0.1:5432/shop", PORT: "" });
    expect(config.databaseUrl).toBe("postgres://root@127.0.0.1:5432/shop");
    expect(config.port).toBe(3000);
  });

  it("trusts no proxy unless TRUST_PROXY names one: a hop count, or addresses and ranges", () => {
    const dataDir = tempDir();
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir, ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust("")).toBe(false);
    expect(trust("1")).toBe(1);
    expect(trust("127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback")).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
    for (const wrong of ["true", "0", "11", "10.0.0.0/33", "300.1.1.1", "10.0.0.0/8/1", "proxy.example.com"]) {
      expect(() => trust(wrong), wrong).toThrow(/TRUST_PROXY: /);
    }
  });
});
