#include "../include.h"
DEFINE_CLASS(hi) = { 1, "hi" };
