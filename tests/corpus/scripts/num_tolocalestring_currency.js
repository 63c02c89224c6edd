const amounts = [1234.5, 0.99, 1000000, -42.1];
return amounts.map(a => a.toLocaleString("en-US", { style: "currency", currency: "USD" }));
