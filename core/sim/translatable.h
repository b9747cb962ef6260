#pragma once

// Marks English text for people (key help, model notes) that views translate
// with QCoreApplication::translate(scope, text). Qt's lupdate finds the marker in
// core sources and puts the text into the .ts; core itself stays free of Qt.
// The definition is Qt's own, so the two never conflict.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, x) x
#endif
