import base from '../playwright.config.ts';
export default { ...base, testDir: '.', outputDir: '/tmp/kd-shots/out', globalSetup: '../global-setup.ts', reporter: [['list']] };
