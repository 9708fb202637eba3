// Runs the built shop in production without checking or rebuilding the web app (the container
// image and the systemd unit use it; `npm start` builds first when the build is out of date).
import { register } from "tsx/esm/api";

register();
const { start } = await import("../apps/server/src/server.ts");
await start("production");
