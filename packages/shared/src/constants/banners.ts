export const BANNER_TITLE_MAX = 120;
export const BANNER_DESCRIPTION_MAX = 500;
export const BANNER_LINK_MAX = 500;
export const BANNER_POSITION_MAX = 9999;
