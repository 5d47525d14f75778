#include "../include.h"
DEFINE_CLASS(lo) = { 2, "lo" };
