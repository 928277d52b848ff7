// Strings of the desk's device settings (issue 15): port settings of encoders and card readers (SPEC §2.9), their
// errors, and the bridge configuration that keeps them.
import type { PackSet } from '../types.ts'

// [key, zh-CN, zh-HK, en-US]
type Row = readonly [string, string, string, string]
const rows: Row[] = [
  [
    'device.error.portBusy',
    '串口 {path} 被占用（其他程序正在使用）',
    '串口 {path} 被佔用（其他程式正在使用）',
    'Port {path} is busy (another program is using it)',
  ],
  [
    'device.error.noSuchPort',
    '没有串口 {path}（已拔出或名称有误）',
    '沒有串口 {path}（已拔出或名稱有誤）',
    'There is no port {path} (unplugged or misspelt)',
  ],
  [
    'device.error.noAnswer',
    '串口 {path} 在 {baudRate} 波特率下无应答（请检查波特率和设备电源）',
    '串口 {path} 在 {baudRate} 波特率下無回應（請檢查波特率和裝置電源）',
    'No answer on {path} at {baudRate} baud (check the baud rate and the device’s power)',
  ],
  [
    'bridge.config.devicePorts',
    '必须是串口设置列表，例如 [{"path": "/dev/ttyUSB0", "role": "encoder", "baudRate": 115200}]',
    '必須是串口設定列表，例如 [{"path": "/dev/ttyUSB0", "role": "encoder", "baudRate": 115200}]',
    'must be a list of port settings, e.g. [{"path": "/dev/ttyUSB0", "role": "encoder", "baudRate": 115200}]',
  ],
  [
    'bridge.config.portPath',
    '必须是本机发卡器串口，例如 /dev/ttyUSB0 或 COM3',
    '必須是本機發卡器串口，例如 /dev/ttyUSB0 或 COM3',
    'must be a serial port of this machine, e.g. /dev/ttyUSB0 or COM3',
  ],
  [
    'devicePort.notLocalPath',
    '"{0}"不是本机发卡器串口（应为 /dev/ 下的设备或 COM 端口）',
    '「{0}」不是本機發卡器串口（應為 /dev/ 下的裝置或 COM 端口）',
    '"{0}" is not a card encoder port of this machine (a device under /dev/ or a COM port)',
  ],
  ['bridge.config.portTwice', '串口 {0} 设置了两次', '串口 {0} 設定了兩次', 'sets port {0} twice'],
  ['bridge.config.portRole', '必须是以下之一：{0}', '必須是以下之一：{0}', 'must be one of {0}'],
  [
    'bridge.config.baudRate',
    '必须是以下波特率之一：{0}',
    '必須是以下波特率之一：{0}',
    'must be one of the baud rates {0}',
  ],
  ['devices.menu.ports', '端口设置', '端口設定', 'Port settings'],
  ['devicePort.title', '发卡器与读卡器端口设置', '發卡器與讀卡器端口設定', 'Encoder and card reader ports'],
  [
    'devicePort.hint',
    '设置保存在本机 pms-bridge 的配置文件 {0} 中',
    '設定保存在本機 pms-bridge 的設定檔 {0} 中',
    'Kept in this desk’s pms-bridge configuration file {0}',
  ],
  ['devicePort.path', '串口', '串口', 'Port'],
  ['devicePort.usb', 'USB 标识', 'USB 標識', 'USB ids'],
  ['devicePort.role', '用途', '用途', 'Used as'],
  ['devicePort.role.auto', '自动识别', '自動識別', 'Automatic'],
  ['devicePort.role.encoder', '发卡器', '發卡器', 'Encoder'],
  ['devicePort.role.reader', '读卡器', '讀卡器', 'Card reader'],
  ['devicePort.role.off', '不使用', '不使用', 'Not used'],
  ['devicePort.baudRate', '波特率', '波特率', 'Baud rate'],
  ['devicePort.state', '状态', '狀態', 'State'],
  ['devicePort.absent', '未连接', '未連接', 'Not connected'],
  ['devicePort.none', '未打开', '未開啟', 'Not opened'],
  ['devicePort.save', '保存', '保存', 'Save'],
  ['devicePort.refresh', '刷新', '重新整理', 'Refresh'],
  ['devicePort.reset', '恢复自动', '恢復自動', 'Back to automatic'],
  ['devicePort.beep', '测试蜂鸣', '測試蜂鳴', 'Test beep'],
  ['devicePort.readUid', '读取卡号', '讀取卡號', 'Read card UID'],
  ['devicePort.saved', '端口设置已保存', '端口設定已保存', 'Port setting saved'],
  ['devicePort.removed', '已恢复自动识别', '已恢復自動識別', 'Back to automatic detection'],
  ['devicePort.tested', '设备有应答', '裝置有回應', 'The device answered'],
  ['devicePort.test.uid', '卡号 {0}', '卡號 {0}', 'Card UID {0}'],
  ['devicePort.test.ok', '{0}：{1}', '{0}：{1}', '{0}: {1}'],
  ['devicePort.empty', '本机没有串口', '本機沒有串口', 'This computer has no serial port'],
  [
    'devicePort.noBridge',
    '未连接本机 pms-bridge，无法设置端口',
    '未連接本機 pms-bridge，無法設定端口',
    'This desk’s pms-bridge is not reachable: ports cannot be set',
  ],
  [
    'devicePort.readOnly',
    '您可以查看端口，但无权修改',
    '您可以查看端口，但無權修改',
    'You may see the ports but not change them',
  ],
]

function column(index: 1 | 2 | 3): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r[0], r[index]]))
}

export default { 'zh-CN': column(1), 'zh-HK': column(2), 'en-US': column(3) } satisfies PackSet
