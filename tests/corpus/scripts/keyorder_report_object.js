const summary = {};
summary.title = "Q1 report";
summary.revenue = 125000;
summary.costs = 98000;
summary.profit = summary.revenue - summary.costs;
summary.margin = `${((summary.profit / summary.revenue) * 100).toFixed(1)}%`;
return summary;
