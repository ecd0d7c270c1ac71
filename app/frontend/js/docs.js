// The API documentation page (/docs): Swagger UI over /openapi.json, every file from this
// origin (no CDN), started from this file because the pages' CSP runs no inline script.
/* global SwaggerUIBundle */
window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  // The default validator badge loads an image from an outside site: not here.
  validatorUrl: null,
});
