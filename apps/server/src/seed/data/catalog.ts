/** Reference data of the demo content. Names of people are invented; institutions are real places. */

export const DEPARTMENTS = [
  { slug: 'oncology', zh: '肿瘤科', en: 'Oncology' },
  { slug: 'hematology', zh: '血液科', en: 'Hematology' },
  { slug: 'cardiology', zh: '心血管内科', en: 'Cardiology' },
  { slug: 'neurology', zh: '神经内科', en: 'Neurology' },
  { slug: 'respiratory', zh: '呼吸与危重症医学科', en: 'Pulmonary & Critical Care Medicine' },
  { slug: 'endocrinology', zh: '内分泌科', en: 'Endocrinology' },
  { slug: 'gastroenterology', zh: '消化内科', en: 'Gastroenterology' },
  { slug: 'infectious', zh: '感染科', en: 'Infectious Diseases' },
] as const;
export type DepartmentSlug = (typeof DEPARTMENTS)[number]['slug'];

export const HOSPITALS = [
  { zh: '北京协和医院', en: 'Peking Union Medical College Hospital', cityZh: '北京', cityEn: 'Beijing', region: 'beijing' },
  { zh: '中国医学科学院肿瘤医院', en: 'Cancer Hospital, Chinese Academy of Medical Sciences', cityZh: '北京', cityEn: 'Beijing', region: 'beijing' },
  { zh: '复旦大学附属中山医院', en: 'Zhongshan Hospital, Fudan University', cityZh: '上海', cityEn: 'Shanghai', region: 'shanghai' },
  { zh: '四川大学华西医院', en: 'West China Hospital, Sichuan University', cityZh: '成都', cityEn: 'Chengdu', region: 'chengdu' },
  { zh: '上海交通大学医学院附属瑞金医院', en: 'Ruijin Hospital, Shanghai Jiao Tong University School of Medicine', cityZh: '上海', cityEn: 'Shanghai', region: 'shanghai' },
  { zh: '中山大学肿瘤防治中心', en: 'Sun Yat-sen University Cancer Center', cityZh: '广州', cityEn: 'Guangzhou', region: 'guangzhou' },
  { zh: '北京大学人民医院', en: "Peking University People's Hospital", cityZh: '北京', cityEn: 'Beijing', region: 'beijing' },
  { zh: '中国医学科学院血液病医院', en: 'Institute of Hematology & Blood Diseases Hospital, CAMS', cityZh: '天津', cityEn: 'Tianjin', region: 'tianjin' },
  { zh: '首都医科大学附属北京天坛医院', en: 'Beijing Tiantan Hospital, Capital Medical University', cityZh: '北京', cityEn: 'Beijing', region: 'beijing' },
  { zh: '中国医学科学院阜外医院', en: 'Fuwai Hospital, Chinese Academy of Medical Sciences', cityZh: '北京', cityEn: 'Beijing', region: 'beijing' },
  { zh: '浙江大学医学院附属第一医院', en: 'The First Affiliated Hospital, Zhejiang University School of Medicine', cityZh: '杭州', cityEn: 'Hangzhou', region: 'hangzhou' },
  { zh: '华中科技大学同济医学院附属同济医院', en: 'Tongji Hospital, Tongji Medical College, HUST', cityZh: '武汉', cityEn: 'Wuhan', region: 'wuhan' },
  { zh: '梅奥诊所', en: 'Mayo Clinic', cityZh: '罗切斯特', cityEn: 'Rochester', region: 'rochester' },
  { zh: '约翰斯·霍普金斯医院', en: 'The Johns Hopkins Hospital', cityZh: '巴尔的摩', cityEn: 'Baltimore', region: 'baltimore' },
  { zh: '日本国立癌症研究中心中央医院', en: 'National Cancer Center Hospital, Japan', cityZh: '东京', cityEn: 'Tokyo', region: 'tokyo' },
  { zh: '新加坡中央医院', en: 'Singapore General Hospital', cityZh: '新加坡', cityEn: 'Singapore', region: 'singapore' },
  { zh: '中山大学附属第一医院', en: 'The First Affiliated Hospital, Sun Yat-sen University', cityZh: '广州', cityEn: 'Guangzhou', region: 'guangzhou' },
  { zh: '四川省人民医院', en: "Sichuan Provincial People's Hospital", cityZh: '成都', cityEn: 'Chengdu', region: 'chengdu' },
  { zh: '浙江大学医学院附属第二医院', en: 'The Second Affiliated Hospital, Zhejiang University School of Medicine', cityZh: '杭州', cityEn: 'Hangzhou', region: 'hangzhou' },
  { zh: '华中科技大学同济医学院附属协和医院', en: 'Union Hospital, Tongji Medical College, HUST', cityZh: '武汉', cityEn: 'Wuhan', region: 'wuhan' },
  { zh: '天津医科大学总医院', en: 'Tianjin Medical University General Hospital', cityZh: '天津', cityEn: 'Tianjin', region: 'tianjin' },
  { zh: '东京大学医学部附属医院', en: 'The University of Tokyo Hospital', cityZh: '东京', cityEn: 'Tokyo', region: 'tokyo' },
] as const;

export const ORGANIZERS = [
  { zh: '中国临床肿瘤学会', en: 'Chinese Society of Clinical Oncology (CSCO)', label: 'CSCO' },
  { zh: '中华医学会血液学分会', en: 'Chinese Society of Hematology', label: 'CSH' },
  { zh: '中国医师协会心血管内科医师分会', en: 'Chinese College of Cardiovascular Physicians', label: 'CCCP' },
  { zh: '中华医学会神经病学分会', en: 'Chinese Society of Neurology', label: 'CSN' },
  { zh: '中国抗癌协会', en: 'China Anti-Cancer Association', label: 'CACA' },
  { zh: '中华医学会呼吸病学分会', en: 'Chinese Thoracic Society', label: 'CTS' },
] as const;

export const TAGS = [
  { zh: '指南解读', en: 'Guideline Review' },
  { zh: '病例分享', en: 'Case Study' },
  { zh: '临床研究', en: 'Clinical Trials' },
  { zh: '免疫治疗', en: 'Immunotherapy' },
  { zh: '靶向治疗', en: 'Targeted Therapy' },
  { zh: '细胞治疗', en: 'Cell Therapy' },
  { zh: '影像诊断', en: 'Imaging' },
  { zh: '规范化诊疗', en: 'Standardised Care' },
  { zh: '继续教育学分', en: 'CME Credits' },
  { zh: '多学科诊疗', en: 'MDT' },
  { zh: '精准医学', en: 'Precision Medicine' },
  { zh: '新药进展', en: 'New Drugs' },
  { zh: '急危重症', en: 'Emergency & Critical Care' },
  { zh: '基础入门', en: 'Fundamentals' },
  { zh: '进阶提升', en: 'Advanced' },
] as const;

/** hospital / organizer are indexes into the lists above (1-based ids once inserted). */
export const SPEAKERS: ReadonlyArray<{
  zh: string;
  en: string;
  titleZh: string;
  titleEn: string;
  hospital: number;
  organizer: number | null;
  departments: readonly string[];
}> = [
  { zh: '王建国', en: 'Wang Jianguo', titleZh: '主任医师、教授', titleEn: 'Chief Physician, Professor', hospital: 2, organizer: 1, departments: ['oncology'] },
  { zh: '李晓梅', en: 'Li Xiaomei', titleZh: '主任医师、博士生导师', titleEn: 'Chief Physician, Doctoral Supervisor', hospital: 8, organizer: 2, departments: ['hematology'] },
  { zh: '张志强', en: 'Zhang Zhiqiang', titleZh: '主任医师、教授', titleEn: 'Chief Physician, Professor', hospital: 10, organizer: 3, departments: ['cardiology'] },
  { zh: '刘海燕', en: 'Liu Haiyan', titleZh: '主任医师', titleEn: 'Chief Physician', hospital: 9, organizer: 4, departments: ['neurology'] },
  { zh: '陈立新', en: 'Chen Lixin', titleZh: '副主任医师', titleEn: 'Associate Chief Physician', hospital: 6, organizer: 5, departments: ['oncology'] },
  { zh: '杨雪', en: 'Yang Xue', titleZh: '主任医师、教授', titleEn: 'Chief Physician, Professor', hospital: 5, organizer: 2, departments: ['hematology'] },
  { zh: '赵明', en: 'Zhao Ming', titleZh: '主任医师', titleEn: 'Chief Physician', hospital: 1, organizer: 6, departments: ['respiratory'] },
  { zh: '黄文静', en: 'Huang Wenjing', titleZh: '主任医师、教授', titleEn: 'Chief Physician, Professor', hospital: 1, organizer: null, departments: ['endocrinology'] },
  { zh: '周伟', en: 'Zhou Wei', titleZh: '副主任医师', titleEn: 'Associate Chief Physician', hospital: 3, organizer: 3, departments: ['cardiology'] },
  { zh: '吴颖', en: 'Wu Ying', titleZh: '主任医师', titleEn: 'Chief Physician', hospital: 4, organizer: 1, departments: ['oncology', 'respiratory'] },
  { zh: '徐俊', en: 'Xu Jun', titleZh: '主任医师、博士生导师', titleEn: 'Chief Physician, Doctoral Supervisor', hospital: 7, organizer: 2, departments: ['hematology'] },
  { zh: '孙丽华', en: 'Sun Lihua', titleZh: '主任医师', titleEn: 'Chief Physician', hospital: 11, organizer: null, departments: ['gastroenterology'] },
  { zh: '胡斌', en: 'Hu Bin', titleZh: '主任医师、教授', titleEn: 'Chief Physician, Professor', hospital: 12, organizer: null, departments: ['infectious'] },
  { zh: '朱晓东', en: 'Zhu Xiaodong', titleZh: '副主任医师', titleEn: 'Associate Chief Physician', hospital: 9, organizer: 4, departments: ['neurology'] },
  { zh: '高敏', en: 'Gao Min', titleZh: '主任医师', titleEn: 'Chief Physician', hospital: 2, organizer: 5, departments: ['oncology'] },
  { zh: '林峰', en: 'Lin Feng', titleZh: '主任医师、教授', titleEn: 'Chief Physician, Professor', hospital: 10, organizer: 3, departments: ['cardiology'] },
  { zh: '何静', en: 'He Jing', titleZh: '副主任医师', titleEn: 'Associate Chief Physician', hospital: 8, organizer: 2, departments: ['hematology'] },
  { zh: '郭涛', en: 'Guo Tao', titleZh: '主任医师', titleEn: 'Chief Physician', hospital: 3, organizer: 6, departments: ['respiratory'] },
  { zh: '马琳', en: 'Ma Lin', titleZh: '主任医师、教授', titleEn: 'Chief Physician, Professor', hospital: 5, organizer: null, departments: ['endocrinology'] },
  { zh: '罗强', en: 'Luo Qiang', titleZh: '主任医师', titleEn: 'Chief Physician', hospital: 4, organizer: null, departments: ['gastroenterology'] },
  { zh: '梁红', en: 'Liang Hong', titleZh: '主任医师、博士生导师', titleEn: 'Chief Physician, Doctoral Supervisor', hospital: 6, organizer: 1, departments: ['oncology'] },
  { zh: '宋健', en: 'Song Jian', titleZh: '副主任医师', titleEn: 'Associate Chief Physician', hospital: 12, organizer: null, departments: ['infectious', 'respiratory'] },
];

/** Tag titles (TAGS[].zh) that fit each department, and ones that fit any course. */
export const DEPARTMENT_TAGS: Record<string, readonly string[]> = {
  oncology: ['免疫治疗', '靶向治疗', '多学科诊疗', '精准医学', '新药进展'],
  hematology: ['细胞治疗', '靶向治疗', '精准医学', '新药进展'],
  cardiology: ['急危重症', '影像诊断', '规范化诊疗', '新药进展'],
  neurology: ['急危重症', '影像诊断', '规范化诊疗'],
  respiratory: ['急危重症', '影像诊断', '规范化诊疗'],
  endocrinology: ['规范化诊疗', '新药进展', '多学科诊疗'],
  gastroenterology: ['影像诊断', '规范化诊疗', '多学科诊疗'],
  infectious: ['规范化诊疗', '急危重症', '新药进展'],
};
export const GENERAL_TAGS = ['病例分享', '临床研究', '继续教育学分', '基础入门', '进阶提升'] as const;
