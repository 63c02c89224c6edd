const d = new Date(Date.UTC(2024, 0, 1, 9, 0, 0));
return "Generated at " + d;
