const response = {
  data: {
    items: [
      { sku: "A1", stock: { warehouse: 12, store: 3 } },
      { sku: "B2", stock: null },
      { sku: "C3" },
    ],
  },
};
return response.data?.items?.map(item => ({
  sku: item.sku,
  total: (item.stock?.warehouse ?? 0) + (item.stock?.store ?? 0),
  missing: item.stock?.warehouse === undefined,
})) ?? [];
