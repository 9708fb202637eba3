// The dashboard lists' scaffold (decision 029), imported as one.
export * from "./admin-list.tsx";
export * from "./admin-table.tsx";
export * from "./date-filter.tsx";
export * from "./list-search.tsx";
export * from "./selection.tsx";
export * from "./use-list-params.ts";
