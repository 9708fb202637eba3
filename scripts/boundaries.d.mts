// Types of boundaries.mjs for the tests that import it (boundaries.test.ts in each app).
export function boundaryViolations(app: "server" | "web"): Promise<{ violations: string[]; files: number }>;
