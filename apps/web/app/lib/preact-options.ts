import { options } from "preact";

/**
 * `suppressHydrationWarning` is a hint to React's hydration; Preact, which renders our pages
 * (decision 017), would write it out as an HTML attribute on every script React Router renders.
 */
const nextVNodeHook = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown> | null;
  if (typeof vnode.type === "string" && props && "suppressHydrationWarning" in props) {
    delete props.suppressHydrationWarning;
  }
  nextVNodeHook?.(vnode);
};
