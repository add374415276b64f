// Starts Swagger UI on the document this server generates. Kept in a file of its own: the page's
// Content-Security-Policy allows no inline script.
window.addEventListener('DOMContentLoaded', () => {
  window.ui = window.SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    // No call to the public validator service: the page may only talk to this origin.
    validatorUrl: null,
    // Session cookies (svc_access, svc_siwe) go along with "Try it out" requests.
    withCredentials: true,
    defaultModelsExpandDepth: 0,
    docExpansion: 'list',
  });
});
