// Strings of dictionary values and place names the console shows (issue 16): the seeded dictionaries' labels and
// the provincial-level regions, in all three languages. A dictionary value a property adds itself keeps its own
// label; cities and counties keep their Chinese names (the postal address is written in Chinese).
import type { PackSet } from '../types.ts'

// [key, zh-CN, zh-HK, en-US]: the three languages side by side so none can fall behind.
type Row = readonly [string, string, string, string]
const dict: Row[] = [
  ['dict.pms_property_type.1', '酒店', '酒店', 'Hotel'],
  ['dict.pms_property_type.2', '公寓', '公寓', 'Apartment'],
  ['dict.pms_property_type.3', '宿舍', '宿舍', 'Dormitory'],
  ['dict.pms_property_type.4', '民宿', '民宿', 'Guesthouse'],
  ['dict.pms_property_type.5', '办公', '辦公', 'Office'],
  ['dict.sys_normal_disable.0', '正常', '正常', 'Normal'],
  ['dict.sys_normal_disable.1', '停用', '停用', 'Disabled'],
  ['dict.sys_user_sex.0', '男', '男', 'Male'],
  ['dict.sys_user_sex.1', '女', '女', 'Female'],
  ['dict.sys_user_sex.2', '未知', '未知', 'Unknown'],
  ['dict.sys_yes_no.Y', '是', '是', 'Yes'],
  ['dict.sys_yes_no.N', '否', '否', 'No'],
]

/** GB/T 2260 provincial-level divisions. */
const provinces: Row[] = [
  ['region.110000', '北京市', '北京市', 'Beijing'],
  ['region.120000', '天津市', '天津市', 'Tianjin'],
  ['region.130000', '河北省', '河北省', 'Hebei'],
  ['region.140000', '山西省', '山西省', 'Shanxi'],
  ['region.150000', '内蒙古自治区', '內蒙古自治區', 'Inner Mongolia'],
  ['region.210000', '辽宁省', '遼寧省', 'Liaoning'],
  ['region.220000', '吉林省', '吉林省', 'Jilin'],
  ['region.230000', '黑龙江省', '黑龍江省', 'Heilongjiang'],
  ['region.310000', '上海市', '上海市', 'Shanghai'],
  ['region.320000', '江苏省', '江蘇省', 'Jiangsu'],
  ['region.330000', '浙江省', '浙江省', 'Zhejiang'],
  ['region.340000', '安徽省', '安徽省', 'Anhui'],
  ['region.350000', '福建省', '福建省', 'Fujian'],
  ['region.360000', '江西省', '江西省', 'Jiangxi'],
  ['region.370000', '山东省', '山東省', 'Shandong'],
  ['region.410000', '河南省', '河南省', 'Henan'],
  ['region.420000', '湖北省', '湖北省', 'Hubei'],
  ['region.430000', '湖南省', '湖南省', 'Hunan'],
  ['region.440000', '广东省', '廣東省', 'Guangdong'],
  ['region.450000', '广西壮族自治区', '廣西壯族自治區', 'Guangxi'],
  ['region.460000', '海南省', '海南省', 'Hainan'],
  ['region.500000', '重庆市', '重慶市', 'Chongqing'],
  ['region.510000', '四川省', '四川省', 'Sichuan'],
  ['region.520000', '贵州省', '貴州省', 'Guizhou'],
  ['region.530000', '云南省', '雲南省', 'Yunnan'],
  ['region.540000', '西藏自治区', '西藏自治區', 'Tibet'],
  ['region.610000', '陕西省', '陝西省', 'Shaanxi'],
  ['region.620000', '甘肃省', '甘肅省', 'Gansu'],
  ['region.630000', '青海省', '青海省', 'Qinghai'],
  ['region.640000', '宁夏回族自治区', '寧夏回族自治區', 'Ningxia'],
  ['region.650000', '新疆维吾尔自治区', '新疆維吾爾自治區', 'Xinjiang'],
  ['region.710000', '台湾省', '台灣省', 'Taiwan'],
  ['region.810000', '香港特别行政区', '香港特別行政區', 'Hong Kong'],
  ['region.820000', '澳门特别行政区', '澳門特別行政區', 'Macao'],
]

const rows = [...dict, ...provinces]

function column(index: 1 | 2 | 3): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r[0], r[index]]))
}

export default { 'zh-CN': column(1), 'zh-HK': column(2), 'en-US': column(3) } satisfies PackSet
