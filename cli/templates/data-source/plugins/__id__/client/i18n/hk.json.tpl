{
  "{{id}}": {
    "title": "{{title}}",
    "deviceId": "裝置 ID",
    "deviceIdHint": "裝置發佈上行資料時使用的 ID：英文字母、數字、連字號及底線。",
    "deviceIdRequired": "請輸入裝置 ID。",
    "deviceIdInvalid": "最多 64 個英文字母、數字、連字號及底線。",
    "deviceTab": "裝置",
    "lastUplink": "最後上行",
    "noUplink": "尚未收到上行"
  }
}
