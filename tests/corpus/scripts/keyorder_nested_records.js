return [
  { name: "svc-b", status: "up", latencyMs: 12 },
  { name: "svc-a", status: "down", latencyMs: null, error: "timeout" },
];
