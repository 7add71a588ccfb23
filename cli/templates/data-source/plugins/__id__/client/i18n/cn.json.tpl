{
  "{{id}}": {
    "title": "{{title}}",
    "deviceId": "设备 ID",
    "deviceIdHint": "设备发布上行数据时使用的 ID：英文字母、数字、连字符及下划线。",
    "deviceIdRequired": "请输入设备 ID。",
    "deviceIdInvalid": "最多 64 个英文字母、数字、连字符及下划线。",
    "deviceTab": "设备",
    "lastUplink": "最后上行",
    "noUplink": "尚未收到上行"
  }
}
