const d = new Date("2024-03-05T07:04:09Z");
const pad = n => String(n).padStart(2, "0");
const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
return {
  ymd: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
  hms: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
  pretty: `${days[d.getUTCDay()]}, ${months[d.getUTCMonth()]} ${d.getUTCDate()} ${d.getUTCFullYear()}`,
  local: `${d.getFullYear()}/${d.getMonth() + 1}/${d.getDate()} ${d.getHours()}h`,
};
