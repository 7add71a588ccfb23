{
  "{{id}}": {
    "title": "{{title}}",
    "name": "名称",
    "add": "添加",
{{#server}}
    "addFailed": "无法添加项目",
    "loadFailed": "无法加载项目",
{{/server}}
    "empty": "暂无项目。",
    "listLabel": "{{title}} 项目"
  }
}
