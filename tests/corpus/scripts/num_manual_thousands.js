const withCommas = n => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const money = n => "$" + n.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
return [withCommas(1234567), withCommas(999), money(1234567.891), money(0.5)];
