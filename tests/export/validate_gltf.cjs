// Runs the Khronos glTF validator (npm gltf-validator) on one .glb or .gltf and prints its JSON
// report on stdout; exit 2 when the validator itself cannot run.
//   node validate_gltf.cjs VALIDATOR_DIR FILE
// VALIDATOR_DIR is the npm prefix .ci/setup installs the pinned validator into.
'use strict';
const fs = require('fs');
const path = require('path');

const [validatorDir, file] = process.argv.slice(2);
if (!validatorDir || !file) {
    process.stderr.write('usage: node validate_gltf.cjs VALIDATOR_DIR FILE\n');
    process.exit(2);
}
let validator;
try {
    validator = require(path.join(path.resolve(validatorDir), 'node_modules', 'gltf-validator'));
} catch (error) {
    process.stderr.write(`gltf-validator is not installed under ${validatorDir}: ${error.message}\n`);
    process.exit(2);
}
const options = {
    uri: path.basename(file),
    maxIssues: 0, // report every issue
    // Exports are self-contained (GLB chunk or data URI): any external reference is a fault.
    externalResourceFunction: (uri) => Promise.reject(new Error(`external resource ${uri}`)),
};
validator.validateBytes(new Uint8Array(fs.readFileSync(file)), options)
    .then((report) => process.stdout.write(JSON.stringify(report)))
    .catch((error) => {
        process.stderr.write(`validator failed: ${error}\n`);
        process.exit(2);
    });
