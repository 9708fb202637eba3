/** A small real PNG (64×24) for upload tests: banners, blog covers, the shop's logo. */
export const PICTURE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAEAAAAAYCAIAAADF1mwTAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAUElEQVRYhe2SQQkAQRDD6ini6mlVnoh7hIFCBKSh4fU00Q3YgOoV2YV6l+gGbED1iuxCvUt0AzagekV2od4lugEbUL0iu1DvEt2ADahe8Q8fU574aj/btVUAAAAASUVORK5CYII=",
  "base64",
);
