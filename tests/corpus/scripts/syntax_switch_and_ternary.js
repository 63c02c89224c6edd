const classify = code => {
  switch (true) {
    case code >= 500: return "server error";
    case code >= 400: return "client error";
    case code >= 300: return "redirect";
    case code >= 200: return "success";
    default: return "informational";
  }
};
const label = n => (n === 0 ? "zero" : n > 0 ? "positive" : "negative");
return { codes: [100, 204, 301, 404, 503].map(classify), labels: [-3, 0, 8].map(label) };
