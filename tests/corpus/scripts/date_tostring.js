const d = new Date("2024-03-15T10:30:00Z");
return { toString: d.toString(), dateString: d.toDateString(), utc: d.toUTCString(), timeString: d.toTimeString() };
