{
  "{{id}}": {
    "title": "{{title}}",
    "deviceId": "Device ID",
    "deviceIdHint": "The id the device publishes its uplinks under: letters, digits, hyphens and underscores.",
    "deviceIdRequired": "Enter the device ID.",
    "deviceIdInvalid": "Use at most 64 letters, digits, hyphens and underscores.",
    "deviceTab": "Device",
    "lastUplink": "Last uplink",
    "noUplink": "No uplink yet"
  }
}
