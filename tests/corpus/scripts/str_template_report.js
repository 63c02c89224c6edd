const stats = { service: "checkout", p50: 123.456, p99: 987.6, errors: 3, requests: 12000 };
const errorRate = (stats.errors / stats.requests) * 100;
return `Service ${stats.service.toUpperCase()}
  p50: ${stats.p50.toFixed(1)} ms
  p99: ${stats.p99.toFixed(1)} ms
  error rate: ${errorRate.toFixed(3)}% (${stats.errors}/${stats.requests})
  status: ${errorRate < 0.1 ? "healthy" : "degraded"}`;
