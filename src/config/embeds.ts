// The third-party embeds (docs/product.md "Embedded video and map"): they load only when opened or
// scrolled into view, through src/components/embed/lazy-embed.tsx, never on page load.

/** The showcase video of the blog detail and About Us modals (Big Buck Bunny, CC BY 3.0). */
export const SHOWCASE_VIDEO = {
  title: 'Artmint showcase video',
  src: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0',
} as const;

/** The studio on the Contact page: address, map frame and a link to the full map. */
export const OFFICE_LOCATION = {
  address: 'Rua Augusta 100, 1100-053 Lisbon, Portugal',
  mapEmbed:
    'https://www.openstreetmap.org/export/embed.html?bbox=-9.1466%2C38.7053%2C-9.1266%2C38.7153&layer=mapnik&marker=38.7103%2C-9.1366',
  mapLink: 'https://www.openstreetmap.org/?mlat=38.7103&mlon=-9.1366#map=16/38.7103/-9.1366',
} as const;

/** The contact details shown on the Contact page (and in the footer). */
export const CONTACT_DETAILS = {
  phone: '+1 (555) 010-2026',
  phoneHref: 'tel:+15550102026',
  email: 'hello@artmint.example',
  emailHref: 'mailto:hello@artmint.example',
} as const;
