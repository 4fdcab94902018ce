/**
 * A custom field's display name in one language: its own in hk or en where given, else the default
 * language's. Zod-free, so the console's lists name custom fields without loading the schemas.
 */
export const displayNameIn = (f: { display_name: string; display_name_hk?: string | null; display_name_en?: string | null }, lang: string): string =>
  (lang === 'hk' ? f.display_name_hk : lang === 'en' ? f.display_name_en : undefined) || f.display_name;
