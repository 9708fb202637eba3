// Types of web-build.mjs for the TypeScript that imports it (bench/lighthouse.ts).
export function webBuildIsCurrent(): boolean;
export function buildWebIfNeeded(): void;
