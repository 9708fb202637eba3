// Runs the built shop for the browser tests on a fresh SQLite database in a temporary folder,
// with a real SMTP server beside it: each message it receives is saved in the e2e mailbox folder
// (see tests/mailbox.ts), where the specs read it. With --dev it runs the shop as `npm run dev`
// does (Vite, React's development build), for the checks only that build can make. With --veratad
// it starts the Veratad simulator beside it and points the shop's identity check at it (decision 099).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { register } from "tsx/esm/api";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
const mailboxDir = process.env.E2E_MAILBOX;
if (!mailboxDir) throw new Error("E2E_MAILBOX must name the folder for received mail");
rmSync(mailboxDir, { recursive: true, force: true });
mkdirSync(mailboxDir, { recursive: true });

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      writeFileSync(path.join(mailboxDir, `${String(++received).padStart(5, "0")}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));

process.env.DATA_DIR = dataDir;
process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.server.address().port}`;
process.env.LOG_LEVEL ??= "warn";
process.on("exit", () => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(mailboxDir, { recursive: true, force: true });
});

register();
// Card payments go to a local simulator of Authorize.net's documented API and hosted form
// (docs/decisions/101): the browser tests type a test card into its stand-in of the hosted form.
const { startAuthorizeNetSimulator } = await import("../apps/server/src/test/authorize-net-simulator.ts");
const cardGateway = await startAuthorizeNetSimulator();
Object.assign(process.env, cardGateway.env);
if (process.argv.includes("--veratad")) {
  const { startVeratadSimulator } = await import("../apps/server/src/test/veratad-simulator.ts");
  const veratad = await startVeratadSimulator();
  Object.assign(process.env, veratad.env);
}
const { start } = await import("../apps/server/src/server.ts");
await start(process.argv.includes("--dev") ? "dev" : "production");
