/** The look of what is wrong with a whole form. */
export const formAlert = "font-medium text-red-700 text-sm";

/** What is wrong with the whole form (the server's word), read out as it shows; nothing when all is well. */
export function FormAlert({ message, className }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={className ? `${formAlert} ${className}` : formAlert}>
      {message}
    </p>
  );
}
