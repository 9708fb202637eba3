import { serializerCompiler } from "fastify-type-provider-zod";

type SerializerCompiler = Parameters<typeof serializerCompiler>[0];

/**
 * fastify-type-provider-zod's serializer (checks the answer against its response schema, then
 * JSON) with a memo per route and status: an answer object that is served again, such as a
 * cached product list, is checked and stringified once. Cached answers are never mutated.
 */
export function memoizedSerializerCompiler(route: SerializerCompiler) {
  const serialize = serializerCompiler(route);
  const memo = new WeakMap<object, string>();
  return (data: unknown): string => {
    if (typeof data !== "object" || data === null) return serialize(data);
    let text = memo.get(data);
    if (text === undefined) {
      text = serialize(data);
      memo.set(data, text);
    }
    return text;
  };
}
