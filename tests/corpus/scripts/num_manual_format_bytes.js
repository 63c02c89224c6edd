function formatBytes(bytes, decimals = 1) {
  if (bytes === 0) return "0 B";
  const k = 1024;
  const units = ["B", "KB", "MB", "GB", "TB"];
  const i = Math.floor(Math.log(bytes) / Math.log(k));
  return `${parseFloat((bytes / k ** i).toFixed(decimals))} ${units[i]}`;
}
return [0, 512, 1024, 1536, 10485760, 5368709120, 1099511627776 * 3.5].map(b => formatBytes(b));
